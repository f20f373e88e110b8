import Glibc

/// The environment variables rosterdb reads, read once at start. A variable set to bytes that are not UTF-8 is not
/// taken as text; `undecodable` names it, so that using it is refused rather than repaired.
struct Environment {
    /// `$ROSTERDB_DB`: the roster when `--db` is not given.
    var database: String?
    /// `$COLUMNS`: the width of output when the terminal does not tell it.
    var columns: String?
    /// `$TERM`: whether the terminal can redraw a line.
    var term: String?
    /// The variables above that are set but not UTF-8, by name.
    var undecodable: [String] = []

    /// The process's own: each variable named here once.
    static func current() -> Environment {
        var environment = Environment()
        environment.database = environment.read("ROSTERDB_DB")
        environment.columns = environment.read("COLUMNS")
        environment.term = environment.read("TERM")
        return environment
    }

    /// The variable's text; nil when it is not set, or when it is not UTF-8, which `undecodable` then names.
    private mutating func read(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        guard let text = String(validatingCString: value) else {
            undecodable.append(name)
            return nil
        }
        return text
    }
}
