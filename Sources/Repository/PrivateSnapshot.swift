import CSQLite
import Glibc
import RosterModel

/// A private, self-contained copy of a WAL roster, for a user who may read it but whose `-wal` or `-shm` is
/// missing: SQLite's read-only mode needs both, and this user must not create them (the owner could not write
/// them afterwards) or cannot (the folder is read-only).
///
/// The copy is one committed state because of what it is taken under. It holds a shared lock on the database file,
/// as every SQLite connection does, which keeps any other connection from taking the exclusive lock that it needs
/// to delete `-wal` or `-shm`, to change the journal mode, or to write in rollback mode. A writer in WAL mode must
/// create the missing `-wal` (or `-shm`) before it writes anything. So when the missing file is still missing
/// after the copy, and the path still names the same file, nothing was written to the database or its log during
/// the copy. Otherwise the copy is thrown away: `-wal` and `-shm` exist now, and SQLite's read-only mode can serve.
enum PrivateSnapshot {
    /// Copies the roster at `resolved` (and its log, if it has one) into a new private folder and folds the log
    /// into the copy. Returns the copy's path, in a folder of its own that the caller removes, or nil when the
    /// roster is not in WAL mode or a writer came along. Waits up to `busyTimeout` for an exclusive lock.
    static func take(
        of resolved: String, path: String, busyTimeout: Double, stop: StopSignal
    ) throws -> String? {
        let source = open(resolved, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw DatabaseOpenError.unreachable(path: path, reason: errorText(errno)) }
        // Closing any descriptor of the file drops this process's locks on it: no SQLite connection to it is open.
        defer { close(source) }
        try lockShared(source, path: path, busyTimeout: busyTimeout, stop: stop)
        guard RosterFile.isInWALMode(source) else { return nil }

        var info = stat()
        let logExists = lstat(resolved + "-wal", &info) == 0
        let logHasFrames = logExists && info.st_size > 0
        let indexExists = lstat(resolved + "-shm", &info) == 0
        if logExists && indexExists { return nil }

        let folder = try makePrivateFolder(path: path)
        let copy = folder + "/roster.db"
        do {
            try copyFile(from: source, to: copy, path: path, stop: stop)
            if logHasFrames {
                let log = open(resolved + "-wal", O_RDONLY | O_CLOEXEC)
                guard log >= 0 else {
                    throw DatabaseOpenError.unreachable(path: path + "-wal", reason: errorText(errno))
                }
                defer { close(log) }
                try copyFile(from: log, to: copy + "-wal", path: path, stop: stop)
            }
            // Both still as they were: neither could be created and deleted again while the shared lock is held.
            let unchanged =
                (lstat(resolved + "-wal", &info) == 0) == logExists
                && (lstat(resolved + "-shm", &info) == 0) == indexExists
                && isSameFile(resolved, as: source)
            guard unchanged else {
                remove(folder: folder)
                return nil
            }
            if logHasFrames { try foldLog(into: copy) }
            return copy
        } catch {
            remove(folder: folder)
            throw error
        }
    }

    /// Removes a folder that `take` made, with whatever SQLite left in it.
    static func remove(folder: String) {
        for name in ["roster.db", "roster.db-wal", "roster.db-shm", "roster.db-journal"] {
            unlink(folder + "/" + name)
        }
        rmdir(folder)
    }

    // MARK: - Steps

    /// SQLite's byte ranges for its locks (`os_unix.c`): a reader holds the shared range, read-locked; a writer that
    /// needs every reader gone write-locks the pending byte, then the whole shared range.
    private static let pendingByte: off_t = 0x4000_0000
    private static let sharedFirst: off_t = pendingByte + 2
    private static let sharedSize: off_t = 510

    /// Takes a shared lock as SQLite does: the pending byte first, so that a writer waiting for readers to leave
    /// is not starved, then the shared range.
    private static func lockShared(
        _ descriptor: Int32, path: String, busyTimeout: Double, stop: StopSignal
    ) throws {
        let started = MonotonicClock.now()
        while true {
            if readLock(descriptor, start: pendingByte, length: 1) {
                let locked = readLock(descriptor, start: sharedFirst, length: sharedSize)
                unlock(descriptor, start: pendingByte, length: 1)
                if locked { return }
            }
            guard errno == EAGAIN || errno == EACCES else {
                throw DatabaseOpenError.unreachable(path: path, reason: errorText(errno))
            }
            if stop.isRaised {
                throw DatabaseError(code: SQLITE_INTERRUPT, message: "interrupted while waiting for the lock", sql: nil)
            }
            guard MonotonicClock.seconds(since: started) < busyTimeout else {
                throw DatabaseError(code: SQLITE_BUSY, message: "database is locked", sql: nil)
            }
            var nap = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&nap, nil)
        }
    }

    private static func readLock(_ descriptor: Int32, start: off_t, length: off_t) -> Bool {
        var lock = flock()
        lock.l_type = Int16(F_RDLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = start
        lock.l_len = length
        return fcntl(descriptor, F_SETLK, &lock) == 0
    }

    private static func unlock(_ descriptor: Int32, start: off_t, length: off_t) {
        var lock = flock()
        lock.l_type = Int16(F_UNLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = start
        lock.l_len = length
        _ = fcntl(descriptor, F_SETLK, &lock)
    }

    /// Whether `path` still names the file open as `descriptor` (it was not deleted, renamed or replaced).
    private static func isSameFile(_ path: String, as descriptor: Int32) -> Bool {
        var named = stat()
        var open = stat()
        return stat(path, &named) == 0 && fstat(descriptor, &open) == 0
            && named.st_dev == open.st_dev && named.st_ino == open.st_ino
    }

    /// A new folder only this user can enter, under `$TMPDIR` or `/tmp`.
    private static func makePrivateFolder(path: String) throws -> String {
        let variable = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        // Absolute, as the copy is opened through a URI.
        let base = variable.isEmpty ? "/tmp" : RosterFile.realPath(variable) ?? variable
        var template = Array((base + "/rosterdb-snapshot.XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else {
            let reason = "cannot make a folder in \(base) (\(errorText(errno)))"
            throw DatabaseOpenError.snapshotFailed(path: path, reason: reason)
        }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Copies everything readable from `source`, from its start, into a new file at `destination`.
    private static func copyFile(
        from source: Int32, to destination: String, path: String, stop: StopSignal
    ) throws {
        let target = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard target >= 0 else { throw DatabaseOpenError.snapshotFailed(path: path, reason: errorText(errno)) }
        defer { close(target) }
        let size = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        var offset: off_t = 0
        while true {
            if stop.isRaised {
                throw DatabaseError(code: SQLITE_INTERRUPT, message: "interrupted while copying", sql: nil)
            }
            let count = pread(source, buffer, size, offset)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw DatabaseOpenError.unreachable(path: path, reason: errorText(errno)) }
            if count == 0 { return }
            var written = 0
            while written < count {
                let result = write(target, buffer + written, count - written)
                if result < 0 && errno == EINTR { continue }
                guard result > 0 else {
                    throw DatabaseOpenError.snapshotFailed(path: path, reason: errorText(result < 0 ? errno : ENOSPC))
                }
                written += result
            }
            offset += off_t(count)
        }
    }

    /// Copies the committed frames of the copied log into the copied database, and removes the log: afterwards
    /// the copy is one file that reads alone.
    private static func foldLog(into copy: String) throws {
        let connection = try Connection(path: copy, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX)
        try connection.execute("SELECT count(*) FROM sqlite_master; PRAGMA wal_checkpoint(TRUNCATE)")
    }
}
