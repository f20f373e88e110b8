/// What separates the cells of a CSV file.
package enum CSVDelimiter: String, CaseIterable, Sendable {
    case comma = ","
    case semicolon = ";"
    case tab
    case pipe = "|"

    /// The byte.
    package var byte: UInt8 {
        switch self {
        case .comma: .comma
        case .semicolon: .semicolon
        case .tab: .tab
        case .pipe: UInt8(ascii: "|")
        }
    }

    /// The delimiter a file's name implies: a tab for `.tsv`, else a comma.
    package static func implied(by fileName: String) -> CSVDelimiter {
        fileName.lowercased().hasSuffix(".tsv") ? .tab : .comma
    }
}
