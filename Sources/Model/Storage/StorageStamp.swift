/// A store's files as the file system shows them: the size and modification time of the database file and of its
/// write-ahead log (a store kept in files; one that is not has no stamp, and is told changed by its counters alone). A write by any
/// program, through the engine or not (SQLite's triggers off, `cp` over the file), changes one of them, and nothing
/// else does: two equal stamps of one file hold the same players, whatever the change counter says. A server
/// compares them to see the writes the counter missed, and files that were rewritten under its connections.
/// Modification times are exact where the kernel hands out a new one for each write that follows a
/// look (Linux 6.13 and later); older kernels tick every few milliseconds, within which a write that keeps a
/// file's size is not seen.
package struct StorageStamp: Hashable, Sendable {
    /// The size and modification time (nanoseconds since 1970) of one file; zero for one that is missing.
    package struct FileState: Hashable, Sendable {
        package let size: Int64
        package let modified: Int64

        package init(size: Int64, modified: Int64) {
            self.size = size
            self.modified = modified
        }
    }

    /// The database file.
    package let database: FileState
    /// The write-ahead log; zero when it is missing or empty, as a reader opening the roster may create it empty.
    package let log: FileState

    package init(database: FileState, log: FileState) {
        self.database = database
        self.log = log
    }

    /// A short hexadecimal digest of the stamp (FNV-1a over its four numbers), for an ETag.
    package var digest: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for value in [database.size, database.modified, log.size, log.modified] {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash = (hash ^ UInt64(truncatingIfNeeded: value >> Int64(shift)) & 0xFF) &* 0x100_0000_01b3
            }
        }
        return String(hash, radix: 16)
    }
}
