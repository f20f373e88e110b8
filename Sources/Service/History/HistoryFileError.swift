import RosterModel

/// A history file (`import --history`) that cannot be restored as it stands: the line and what is wrong with it.
/// Nothing was written.
package struct HistoryFileError: CategorizedError, Equatable {
    package let file: String
    package let line: Int
    package let problem: String

    package var category: ErrorCategory { .invalidData }
    package var description: String { "\(file), line \(line): \(problem); nothing was written" }
}
