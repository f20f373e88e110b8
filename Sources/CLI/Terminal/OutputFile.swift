import CSystem
import Glibc
import RosterModel
import RosterService

/// The file `--output` names, written the way its kind asks:
/// - a regular file, or a name with no file yet, is written under a temporary name beside it and renamed into
///   place by `commit`, so that readers never see half a file and a failed or stopped write leaves the old file as
///   it was. A symbolic link is followed and its target replaced, with the permission bits (and, where this user
///   may give it, the owner) of the file it replaces;
/// - anything else (a FIFO, a terminal, `/dev/null`, `/dev/full`) is written directly: renaming over it would put
///   a regular file in place of the pipe or the device;
/// - the file that standard output or standard error already writes (`/dev/stdout`, or the file a shell redirected
///   to) is written through that descriptor, so that `>>` still appends.
final class OutputFile: TextOutput {
    /// The path as the user gave it, for messages.
    let path: String
    /// Whether the file is replaced by `commit`, not written directly.
    var isReplacing: Bool { replacing != nil }

    private struct Replacement {
        /// The file the temporary file replaces: `path` with its symbolic links followed.
        let target: String
        let temporaryPath: String
        let mode: mode_t
        /// The owner of the file replaced; nil for a new file.
        let owner: (user: uid_t, group: gid_t)?
    }

    private let replacing: Replacement?
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let file: FileOutput
    private var committed = false

    /// Opens `path` for writing; `stop` ends a wait for a FIFO's reader (with `Interrupted`).
    init(path: String, stop: StopSignal) throws {
        self.path = path
        var info = stat()
        if stat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR { throw OutputError(path: path, errorNumber: EISDIR) }
            if let standard = OutputFile.standardDescriptor(sameAs: info) {
                (replacing, descriptor, ownsDescriptor) = (nil, standard, false)
            } else if info.st_mode & S_IFMT != S_IFREG {
                descriptor = try OutputFile.openDirectly(path, stop: stop)
                (replacing, ownsDescriptor) = (nil, true)
            } else {
                (replacing, descriptor) = try OutputFile.temporaryFile(
                    for: path, mode: info.st_mode & 0o7777, owner: (info.st_uid, info.st_gid))
                ownsDescriptor = true
            }
        } else {
            guard errno == ENOENT else { throw OutputError(path: path, errorNumber: errno) }
            (replacing, descriptor) = try OutputFile.temporaryFile(
                for: path, mode: 0o666 & ~rosterdb_umask(), owner: nil)
            ownsDescriptor = true
        }
        file = FileOutput(descriptor: descriptor, path: path)
    }

    func write(_ text: String) throws {
        try file.write(text)
    }

    func flush() throws {
        try file.flush()
    }

    /// Writes what is buffered and, for a replaced file, gives the temporary file its mode (and owner), syncs it
    /// and renames it into place.
    func commit() throws {
        try file.flush()
        guard let replacing else { return }
        // The owner first: a change of owner clears the set-user-ID and set-group-ID bits.
        if let owner = replacing.owner, owner.user != geteuid() || owner.group != getegid() {
            _ = fchown(descriptor, owner.user, owner.group)  // Only root may give a file away; others keep it.
        }
        guard fchmod(descriptor, replacing.mode) == 0, fsync(descriptor) == 0,
            rename(replacing.temporaryPath, replacing.target) == 0
        else {
            throw OutputError(path: path, errorNumber: errno)
        }
        committed = true
        // The rename is durable once the folder is: best effort, the file is complete either way.
        let folder = open(FilePath.folder(of: replacing.target), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
        if let replacing, !committed { unlink(replacing.temporaryPath) }
    }

    // MARK: - Opening

    /// Standard output or standard error, when it writes the file `info` describes.
    private static func standardDescriptor(sameAs info: stat) -> Int32? {
        [STDOUT_FILENO, STDERR_FILENO].first { descriptor in
            var standard = stat()
            return fstat(descriptor, &standard) == 0 && standard.st_dev == info.st_dev
                && standard.st_ino == info.st_ino
        }
    }

    /// Opens a FIFO or a device for writing. Opening a FIFO waits for a reader: a signal that asks to stop ends
    /// the wait.
    private static func openDirectly(_ path: String, stop: StopSignal) throws -> Int32 {
        while true {
            let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
            if descriptor >= 0 { return descriptor }
            guard errno == EINTR else { throw OutputError(path: path, errorNumber: errno) }
            if stop.isRaised { throw Interrupted(outcome: "nothing was written") }
        }
    }

    /// A new private file beside the file `path` names (through its symbolic links, also a dangling one, which
    /// names the file to create), to be renamed onto that file.
    private static func temporaryFile(
        for path: String, mode: mode_t, owner: (uid_t, gid_t)?
    ) throws -> (Replacement, Int32) {
        guard let target = FilePath.followingLinks(path) else { throw OutputError(path: path, errorNumber: ELOOP) }
        let name = FilePath.name(of: target)
        // A name near the longest a folder allows would be too long with the suffix: use a short one then.
        let temporaryName = name.utf8.count + 11 <= Int(NAME_MAX) ? name + ".tmp-XXXXXX" : ".rosterdb.tmp-XXXXXX"
        let folder = FilePath.folder(of: target)
        let prefix = !target.contains("/") ? "" : folder == "/" ? "/" : folder + "/"
        var template = Array((prefix + temporaryName).utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            // A writable file in a folder that is not: say why its own permissions do not help.
            let code = errno
            let note =
                [EACCES, EPERM, EROFS].contains(code)
                ? "the file is replaced through a new file beside it, which cannot be created there" : nil
            throw OutputError(path: path, errorNumber: code, note: note)
        }
        let temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (Replacement(target: target, temporaryPath: temporaryPath, mode: mode, owner: owner), descriptor)
    }

    // MARK: - The roster's own files

    /// The file of the roster at `databasePath` that `path` names, if it names one: the same file by device and
    /// inode (through any link, hard link or spelling), or the name SQLite gives a file beside the roster, which
    /// may not exist yet. Writing there would destroy the roster.
    static func rosterFile(named path: String, databasePath: String) -> (path: String, isDatabase: Bool)? {
        let rosterFiles = Roster.files(resolvedPath: FilePath.resolved(databasePath) ?? databasePath)
        let resolved = FilePath.resolved(path)
        var info = stat()
        let exists = stat(path, &info) == 0
        let named = rosterFiles.first { file in
            var rosterInfo = stat()
            let sameFile =
                exists && stat(file, &rosterInfo) == 0 && rosterInfo.st_dev == info.st_dev
                && rosterInfo.st_ino == info.st_ino
            return sameFile || resolved == file
        }
        return named.map { ($0, $0 == rosterFiles[0]) }
    }
}
