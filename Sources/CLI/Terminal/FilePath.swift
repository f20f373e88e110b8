import Glibc

/// Paths as the file system sees them, so that two spellings of one file (a symbolic link, `./`, `..`) compare
/// equal.
enum FilePath {
    /// The folder part of `path` (`.` for a bare name, `/` for a name in the root).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// The last component of `path`.
    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `path` with the symbolic links of its last component followed, a link at a time, to the path that is no
    /// link: an existing file, or the name a dangling link points to. nil after 40 links (a loop).
    static func followingLinks(_ path: String) -> String? {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &target, target.count - 1)
            guard count >= 0 else { return current }
            let link = String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : folder(of: current) + "/" + link
        }
        return nil
    }

    /// `path` absolute, with every symbolic link followed and `.` and `..` resolved, as SQLite names a database's
    /// companion files; a last component that does not exist is kept, after its folder. nil when the folder does
    /// not exist or the links loop.
    static func resolved(_ path: String) -> String? {
        guard let final = followingLinks(path) else { return nil }
        if let real = realPath(final) { return real }
        let name = name(of: final)
        guard !name.isEmpty, name != ".", name != "..", let folder = realPath(folder(of: final)) else { return nil }
        return folder == "/" ? "/" + name : folder + "/" + name
    }

    private static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(validatingCString: pointer)
    }
}
