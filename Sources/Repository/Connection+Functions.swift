import CSQLite
import RosterModel

extension Connection {
    /// Registers the SQL functions rosterdb's own statements use to fold, on the fly, the rows whose derived values
    /// another tool left missing. They exist on rosterdb's connections only: the schema never names them, so other
    /// tools can still write the file.
    func registerFunctions() throws {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC
        // `rosterdb_fold(text)`: `NameFolding.fold`, NULL for NULL.
        try check(
            sqlite3_create_function_v2(
                handle, "rosterdb_fold", 1, flags, nil,
                { context, _, values in
                    guard let text = Connection.text(values![0]) else { return sqlite3_result_null(context) }
                    Connection.result(NameFolding.fold(text), context)
                }, nil, nil, nil))
        // `rosterdb_words_match(name, searches)`: 1 when some search (a line of `searches`) has every one of its
        // words (separated by spaces) starting a word of the folded name, as the name search index matches: by code
        // points, not by characters (`मिर्` starts `मिर्ज़ा`, though its last character is only part of one there).
        try check(
            sqlite3_create_function_v2(
                handle, "rosterdb_words_match", 2, flags, nil,
                { context, _, values in
                    guard let name = Connection.text(values![0]), let searches = Connection.text(values![1]) else {
                        return sqlite3_result_int(context, 0)
                    }
                    let words = NameFolding.words(name)
                    let matches = searches.split(separator: "\n").contains { search in
                        search.split(separator: " ").allSatisfy { query in
                            words.contains { $0.unicodeScalars.starts(with: query.unicodeScalars) }
                        }
                    }
                    sqlite3_result_int(context, matches ? 1 : 0)
                }, nil, nil, nil))
    }

    /// The text of an SQL function's argument; nil for NULL.
    private static func text(_ value: OpaquePointer?) -> String? {
        guard sqlite3_value_type(value) != SQLITE_NULL, let bytes = sqlite3_value_text(value) else { return nil }
        return String(
            decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(value))), as: UTF8.self)
    }

    /// Makes `text` the SQL function's result.
    private static func result(_ text: String, _ context: OpaquePointer?) {
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                // An empty buffer may have no address; SQLite still needs one.
                let empty: CChar = 0
                withUnsafePointer(to: empty) { nowhere in
                    sqlite3_result_text(
                        context, characters.baseAddress ?? nowhere, Int32(characters.count), csqlite_transient())
                }
            }
        }
    }
}
