extension RosterDatabase {
    /// What SQLite appends to a database's path to name the files it keeps beside it: the write-ahead log, its
    /// index, and the rollback journal. SQLite names them after the path with symbolic links resolved.
    package static let companionSuffixes = ["-wal", "-shm", "-journal"]
}
