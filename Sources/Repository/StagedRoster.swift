import CSystem
import Glibc

/// A roster that does not exist yet, built under a temporary name beside the path it is for and renamed into place
/// once its first write has committed (`RosterDatabase.OpenMode.createOnFirstWrite`): a command that fails, is
/// stopped or writes nothing leaves no file behind, and no other process ever sees a roster half made. The files
/// are removed when it is released unpublished.
final class StagedRoster {
    /// The temporary file, absolute: `NAME.new-XXXXXX` beside the roster.
    let path: String
    /// Where the roster goes: the path with the links of its folder resolved, as SQLite would have created it.
    let target: String
    /// The roster's path as the user gave it, for messages.
    let userPath: String
    private var isPublished = false

    /// A new empty file beside `file` (which does not exist), with the permissions SQLite gives a new roster.
    init(for file: RosterFile) throws {
        target = file.resolved
        userPath = file.path
        let name = target.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? target
        // Room for SQLite's longest suffix (`-journal`) after the temporary name's own.
        let temporaryName =
            name.utf8.count + 11 + 8 <= Int(NAME_MAX) ? name + ".new-XXXXXX" : ".rosterdb.new-XXXXXX"
        let folder = RosterFile.folder(of: target)
        var template = Array(((folder == "/" ? "" : folder) + "/" + temporaryName).utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw DatabaseOpenError.cannotCreate(path: file.path, reason: errorText(errno).lowercased())
        }
        fchmod(descriptor, 0o644 & ~rosterdb_umask())
        close(descriptor)
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        if !isPublished { remove(including: path) }
    }

    /// Renames the file, complete and closed to every connection but one that no longer writes it, to the roster's
    /// path, unless a file is there now: another process made the roster meanwhile, which this one must not replace.
    func publish() throws {
        var result = rosterdb_rename_no_replace(path, target)
        if result != 0 && (errno == EINVAL || errno == ENOSYS) {
            // A file system without the flag: a hard link is made only where no file is, as well.
            result = link(path, target)
            if result == 0 { unlink(path) }
        }
        guard result == 0 else {
            let code = errno
            if code == EEXIST { throw DatabaseOpenError.createdMeanwhile(path: userPath) }
            throw DatabaseOpenError.cannotCreate(path: userPath, reason: errorText(code).lowercased())
        }
        isPublished = true
        remove(including: nil)
        // The new name is durable once the folder is: best effort, the roster is complete either way.
        let folder = open(RosterFile.folder(of: target), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// Removes what SQLite kept beside the temporary file, and `file` too when given.
    private func remove(including file: String?) {
        if let file { unlink(file) }
        for suffix in RosterDatabase.companionSuffixes { unlink(path + suffix) }
    }
}
