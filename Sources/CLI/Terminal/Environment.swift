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

    /// The process's own: each variable named here once, read by its field rather than looked up by its name.
    static func current() -> Environment {
        var environment = Environment()
        for (name, field) in [("ROSTERDB_DB", \Environment.database), ("COLUMNS", \.columns), ("TERM", \.term)] {
            guard let value = getenv(name) else { continue }
            if let text = String(validatingCString: value) {
                environment[keyPath: field] = text
            } else {
                environment.undecodable.append(name)
            }
        }
        return environment
    }
}
