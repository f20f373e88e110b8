import Foundation

/// Files under `Tests/Fixtures`, committed with the tests.
public enum Fixtures {
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    public static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// The package's root folder.
    public static let packageRoot = directory.deletingLastPathComponent().deletingLastPathComponent()
}
