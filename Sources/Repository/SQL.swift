/// Pieces of SQL text that rosterdb splices into statements; values are always bound, never spliced.
enum SQL {
    /// `name` as a quoted identifier (`"we""ird"`), so that no name can end it and run SQL of its own.
    static func identifier(_ name: String) -> String {
        "\"" + name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
