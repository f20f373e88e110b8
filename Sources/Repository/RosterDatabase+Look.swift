import Glibc
import RosterModel

extension StorageStamp {
    /// The size and modification time of the file at `path`; zero for one that is missing or empty.
    static func state(of path: String) -> FileState {
        var info = stat()
        guard stat(path, &info) == 0, info.st_size > 0 else { return FileState(size: 0, modified: 0) }
        return FileState(
            size: Int64(info.st_size),
            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}

extension RosterDatabase: RosterStore {
    /// The file the roster was opened from, as a store's identity; nil for one a dry run keeps in memory.
    package var identity: StoreIdentity? { fileIdentity?.storeIdentity }

    /// Looks at the roster's files: one look at the path (who it names, its size and modification time) and one
    /// at the log.
    package func look() -> StoreLook {
        guard let (identity, database) = FileIdentity.look(path) else {
            return StoreLook(identity: nil, stamp: nil)
        }
        guard identity == fileIdentity, !readsPrivateCopy else {
            return StoreLook(identity: identity.storeIdentity, stamp: nil)
        }
        return StoreLook(
            identity: identity.storeIdentity,
            stamp: StorageStamp(database: database, log: StorageStamp.state(of: resolvedPath + "-wal")))
    }

    /// Whether the database file changed since `stamp` with no log a checkpoint could have copied from: written by
    /// another means than SQLite. One look at the file, and one at the log when the file changed.
    package func wasWrittenOver(since stamp: StorageStamp) -> Bool {
        guard let now = FileIdentity.look(resolvedPath)?.state, now != stamp.database else { return false }
        return stamp.log.size == 0 && StorageStamp.state(of: resolvedPath + "-wal").size == 0
    }
}
