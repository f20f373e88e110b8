import Foundation

// Usage: SQLEmbedder TYPE-NAME OUTPUT.swift (FILE.sql | FOLDER)...
// Writes a Swift enum `TYPE-NAME` whose `files` hold each file's name, SHA-256 and exact text; a folder stands for
// its `.sql` files in name order, listed when the command runs (the build runs it again when the folder changes), so
// that a migration added since the package was last loaded is embedded too.

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: SQLEmbedder TYPE-NAME OUTPUT.swift (FILE.sql | FOLDER)...\n".utf8))
    exit(64)
}
let typeName = arguments[1]
let outputPath = arguments[2]
let paths = try arguments.dropFirst(3).flatMap { path -> [String] in
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
        return [path]
    }
    return try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".sql") }.sorted()
        .map { URL(fileURLWithPath: path).appendingPathComponent($0).path }
}

var source = """
    // Generated at build time from the package's SQL files; do not edit.

    enum \(typeName) {
        /// Each embedded file: its name, the SHA-256 of its bytes (hex), and its text.
        static let files: [(name: String, sha256: String, text: String)] = [

    """
for path in paths {
    let url = URL(fileURLWithPath: path)
    let bytes = try [UInt8](Data(contentsOf: url))
    guard let text = String(validating: bytes, as: UTF8.self) else {
        FileHandle.standardError.write(Data("SQLEmbedder: \(path) is not valid UTF-8\n".utf8))
        exit(65)
    }
    source += "        (\n"
    source += "            name: \(swiftLiteral(url.lastPathComponent)),\n"
    source += "            sha256: \"\(SHA256.hex(of: bytes))\",\n"
    source += "            text: \(swiftLiteral(text))\n"
    source += "        ),\n"
}
source += "    ]\n}\n"
try Data(source.utf8).write(to: URL(fileURLWithPath: outputPath), options: .atomic)

/// A Swift string literal that holds `text` byte for byte: printable ASCII as it is, and every other character, the
/// quote and the backslash as `\u{…}`, one rule that cannot miss a character a literal cannot hold.
func swiftLiteral(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
        if (0x20..<0x7F).contains(scalar.value), scalar != "\\", scalar != "\"" {
            literal.unicodeScalars.append(scalar)
        } else {
            literal += "\\u{\(String(scalar.value, radix: 16))}"
        }
    }
    return literal + "\""
}
