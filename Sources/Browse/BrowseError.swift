import RosterModel

/// Why the browser cannot start: it needs a terminal to draw on and to read keys from.
package enum BrowseError: CategorizedError, Equatable {
    /// Standard input or output is not a terminal (`rosterdb browse | cat`).
    case notATerminal
    /// `$TERM` is unset, `dumb`, or a terminal the system's terminfo does not describe.
    case unknownTerminal

    package var category: ErrorCategory { .usage }

    package var description: String {
        switch self {
        case .notATerminal:
            "browse needs a terminal: standard input and output must both be one; use 'rosterdb query' for output "
                + "to a file or a pipe"
        case .unknownTerminal:
            "browse cannot draw on this terminal ($TERM is unset, 'dumb', or not in the system's terminfo); use "
                + "'rosterdb query'"
        }
    }
}
