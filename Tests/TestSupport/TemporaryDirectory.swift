import Foundation

/// A fresh folder under the system's temporary directory, removed when released: each test gets its own.
public final class TemporaryDirectory {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("rosterdb-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Writes `text` to `name` and returns its path.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> String {
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
        return path(name)
    }

    /// Writes `bytes` to `name` and returns its path.
    @discardableResult
    public func write(bytes: [UInt8], to name: String) throws -> String {
        try Data(bytes).write(to: url.appendingPathComponent(name))
        return path(name)
    }

    /// The bytes of a file, or nil when it does not exist.
    public func bytes(of path: String) -> [UInt8]? {
        FileBytes.read(path)
    }
}
