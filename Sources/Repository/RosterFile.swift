import CSystem
import Glibc
import RosterModel

/// Where a roster really is on disk and what this user may do with it: the facts opening decides from, gathered
/// before SQLite touches anything.
///
/// SQLite resolves symbolic links and keeps `-wal`, `-shm` and `-journal` beside the file they lead to, so every
/// check here is made on the resolved path; messages name the path as the user gave it.
struct RosterFile {
    /// How SQLite may open the file.
    enum Access: Equatable {
        /// It does not exist yet; its folder is writable.
        case create
        /// This user can write the file, and its `-wal` and `-shm` (or create them).
        case readWrite
        /// This user may only read, for `reason`: SQLite's read-only mode, never creating a file beside the roster.
        case readOnly(reason: String)
    }

    /// The path as the user gave it.
    let path: String
    /// The absolute path with every symbolic link resolved: the file SQLite opens, and the folder of its companions.
    let resolved: String
    /// How messages name the files beside the roster: the user's path, unless a link leads to another folder.
    let companionBase: String
    let access: Access

    /// The files SQLite keeps beside a database, and what it keeps in each.
    static let companions = [
        ("-wal", "write-ahead log"), ("-shm", "shared-memory index"), ("-journal", "rollback journal"),
    ]

    /// Inspects `path`; throws for a path that cannot be a roster file, or one this user cannot write when `mode`
    /// writes.
    init(path: String, mode: RosterDatabase.OpenMode) throws {
        guard !path.isEmpty else { throw DatabaseOpenError.emptyPath }
        self.path = path
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = errno
            guard reason == ENOENT else { throw DatabaseOpenError.unreachable(path: path, reason: errorText(reason)) }
            resolved = try RosterFile.placeForNewFile(path, mode: mode)
            companionBase = path
            access = .create
            // A log or journal left by a roster removed without it would be read into the new one (SQLite replays a
            // log into any database beside it), or a special file there would stop the first write half-way.
            for (suffix, role) in RosterFile.companions where lstat(resolved + suffix, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFREG else {
                    throw DatabaseOpenError.strangeCompanion(
                        path: path, file: path + suffix, role: role, kind: RosterFile.kind(of: info.st_mode))
                }
                if suffix != "-shm" {
                    throw DatabaseOpenError.leftoverCompanion(path: path, file: path + suffix, role: role)
                }
            }
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw DatabaseOpenError.isDirectory(path: path)
        default: throw DatabaseOpenError.notRegularFile(path: path, kind: RosterFile.kind(of: info.st_mode))
        }
        guard let real = RosterFile.realPath(path) else {
            throw DatabaseOpenError.unreachable(path: path, reason: errorText(errno))
        }
        resolved = real
        let sameFolder = RosterFile.realPath(RosterFile.folder(of: path)) == RosterFile.folder(of: real)
        companionBase = sameFolder ? path : real

        // A FIFO or a link planted as `-wal` would hang SQLite or send its writes elsewhere.
        for (suffix, role) in RosterFile.companions where lstat(real + suffix, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw DatabaseOpenError.strangeCompanion(
                    path: path, file: companionBase + suffix, role: role, kind: RosterFile.kind(of: info.st_mode))
            }
        }

        // SQLite in WAL mode writes `-wal` and `-shm` files beside the database even to read it, unless they
        // exist; a connection that cannot write them is read-only whatever it asked for.
        if let blocker = RosterFile.writeBlocker(real, companionBase: companionBase) {
            guard mode == .existing else { throw DatabaseOpenError.notWritable(path: path, reason: blocker) }
            access = .readOnly(reason: blocker)
        } else {
            access = .readWrite
        }
    }

    /// Why this user cannot write the roster at `real` (resolved), or nil when it can.
    private static func writeBlocker(_ real: String, companionBase: String) -> String? {
        guard faccessat(AT_FDCWD, real, W_OK, AT_EACCESS) == 0 else {
            return "the file is read-only for this user (\(errorText(errno)))"
        }
        var info = stat()
        var missing: [String] = []
        for (suffix, role) in companions.prefix(2) {
            guard lstat(real + suffix, &info) == 0 else {
                missing.append(companionBase + suffix)
                continue
            }
            // Left by another user (a reader SQLite let create it, say): writes would fail half-way.
            if faccessat(AT_FDCWD, real + suffix, W_OK, AT_EACCESS) != 0 {
                return "\(companionBase + suffix), SQLite's \(role) of it, belongs to user \(info.st_uid) and is "
                    + "read-only "
                    + "for this user (\(errorText(errno))); remove it while no program has the roster open, or run "
                    + "rosterdb as its owner"
            }
        }
        guard !missing.isEmpty, faccessat(AT_FDCWD, folder(of: real), W_OK | X_OK, AT_EACCESS) != 0 else {
            return nil
        }
        return "its folder is not writable, and SQLite needs to create \(missing.joined(separator: " and ")) there"
    }

    /// The resolved path of a file to create at `path`, which does not exist.
    private static func placeForNewFile(_ path: String, mode: RosterDatabase.OpenMode) throws -> String {
        var info = stat()
        if lstat(path, &info) == 0 {
            // A link to nothing: creating the file would create it wherever the link leads.
            let target = linkTarget(path) ?? "a missing file"
            if mode == .existing { throw DatabaseOpenError.missing(path: path) }
            throw DatabaseOpenError.cannotCreate(
                path: path, reason: "it is a symbolic link to \(target), which does not exist")
        }
        guard mode == .createIfMissing else { throw DatabaseOpenError.missing(path: path) }
        let parent = folder(of: path)
        guard stat(parent, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, let realParent = realPath(parent) else {
            throw DatabaseOpenError.missingFolder(path: path)
        }
        if faccessat(AT_FDCWD, realParent, W_OK | X_OK, AT_EACCESS) != 0 {
            throw DatabaseOpenError.cannotCreate(path: path, reason: "its folder is not writable (\(errorText(errno)))")
        }
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        return (realParent == "/" ? "" : realParent) + "/" + name
    }

    /// The folder part of `path`: `.` for a bare name, `/` for a file at the root.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `realpath(3)`: absolute, without `.`, `..` or symbolic links; nil with `errno` set when it fails.
    static func realPath(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// Where the symbolic link at `path` points, as written in it.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The bytes of the database header `saysWAL` looks at.
    static let walHeaderLength = 20

    /// Whether a database header says WAL (bytes 18 and 19, the write and read versions, are 2).
    static func saysWAL(_ header: [UInt8]) -> Bool {
        header.count >= walHeaderLength && (header[18] == 2 || header[19] == 2)
    }

    /// Whether the header of the file open on `descriptor` says WAL; false when it cannot be read.
    static func isInWALMode(_ descriptor: Int32) -> Bool {
        var header = [UInt8](repeating: 0, count: walHeaderLength)
        return pread(descriptor, &header, walHeaderLength, 0) == walHeaderLength && saysWAL(header)
    }

    /// What a file that is not a regular one is, in words.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "FIFO (named pipe)"
        case S_IFCHR: "character device"
        case S_IFBLK: "block device"
        case S_IFSOCK: "socket"
        case S_IFLNK: "symbolic link"
        case S_IFDIR: "directory"
        default: "special file"
        }
    }
}

/// The `strerror` text of an `errno` value.
/// A file as the file system knows it, whatever its path: its device, inode and birth time. A path that names
/// another file than before was replaced (renamed over, or removed and created again); the birth time tells a new
/// file from an old one whose inode number it was given once the old one was freed, as ext4 does at once.
struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64
    /// Nanoseconds since 1970; -1 where the file system keeps no birth time.
    let birth: Int64

    /// The file as the service knows a store: told apart by all three, shown as `inode.birth` in an ETag.
    var storeIdentity: StoreIdentity {
        StoreIdentity(
            key: [Int64(bitPattern: device), Int64(bitPattern: inode), birth], description: "\(inode).\(birth)")
    }

    /// The file `path` names now; nil when it names none.
    init?(path: String) {
        guard let look = FileIdentity.look(path) else { return nil }
        self = look.identity
    }

    /// Who the file `path` names is, and its size and modification time, from one look; nil when it names none.
    static func look(_ path: String) -> (identity: FileIdentity, state: StorageStamp.FileState)? {
        var look = rosterdb_file_look()
        guard rosterdb_look(path, &look) == 0 else { return nil }
        return (
            FileIdentity(device: look.device, inode: look.inode, birth: look.birth),
            StorageStamp.FileState(size: look.size, modified: look.modified)
        )
    }

    private init(device: UInt64, inode: UInt64, birth: Int64) {
        self.device = device
        self.inode = inode
        self.birth = birth
    }
}

func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
}
