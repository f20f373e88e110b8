import Glibc

/// The roster's files as the file system shows them: the size and modification time of the database file and of
/// its write-ahead log. A write by any program, through SQLite or not (triggers off, `cp` over the file), changes
/// one of them, and nothing else does: two equal stamps of one file hold the same players, whatever the change
/// counter says. A server compares them to see the writes the counter missed, and files that were rewritten under
/// its connections. Modification times are exact where the kernel hands out a new one for each write that follows a
/// look (Linux 6.13 and later); older kernels tick every few milliseconds, within which a write that keeps a
/// file's size is not seen.
public struct StorageStamp: Hashable, Sendable {
    /// The size and modification time (nanoseconds since 1970) of one file; zero for one that is missing.
    public struct FileState: Hashable, Sendable {
        public let size: Int64
        public let modified: Int64
    }

    /// The database file.
    public let database: FileState
    /// The write-ahead log; zero when it is missing or empty, as a reader opening the roster may create it empty.
    public let log: FileState

    public init(database: FileState, log: FileState) {
        self.database = database
        self.log = log
    }

    /// The size and modification time of the file at `path`; zero for one that is missing or empty.
    static func state(of path: String) -> FileState {
        var info = stat()
        guard stat(path, &info) == 0, info.st_size > 0 else { return FileState(size: 0, modified: 0) }
        return FileState(
            size: Int64(info.st_size),
            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    /// A short hexadecimal digest of the stamp (FNV-1a over its four numbers), for an ETag.
    public var digest: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for value in [database.size, database.modified, log.size, log.modified] {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash = (hash ^ UInt64(truncatingIfNeeded: value >> Int64(shift)) & 0xFF) &* 0x100_0000_01b3
            }
        }
        return String(hash, radix: 16)
    }
}

/// One look at a roster's files, taken as a request begins: the file the roster's path names now, and the state of
/// the roster's files.
public struct RosterFilesLook: Sendable {
    /// The file the path names now; nil when it names none.
    public let file: FileIdentity?
    /// The state of the database file and its log; nil when the path names another file than the one opened, or
    /// none, or the roster is read from a private copy (which never changes).
    public let storage: StorageStamp?
}

extension RosterDatabase {
    /// Looks at the roster's files: one look at the path (who it names, its size and modification time) and one
    /// at the log.
    public func lookAtFiles() -> RosterFilesLook {
        guard let (identity, database) = FileIdentity.look(path) else {
            return RosterFilesLook(file: nil, storage: nil)
        }
        guard identity == fileIdentity, !readsPrivateCopy else { return RosterFilesLook(file: identity, storage: nil) }
        return RosterFilesLook(
            file: identity,
            storage: StorageStamp(database: database, log: StorageStamp.state(of: resolvedPath + "-wal")))
    }

    /// The database file's size and modification time now (one look), or nil when it cannot be looked at.
    public func databaseFileState() -> StorageStamp.FileState? {
        FileIdentity.look(resolvedPath)?.state
    }

    /// The log's size and modification time now; zero when it is missing or empty.
    public func logFileState() -> StorageStamp.FileState {
        StorageStamp.state(of: resolvedPath + "-wal")
    }
}
