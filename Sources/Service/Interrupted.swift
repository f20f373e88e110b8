import RosterModel

/// Work stopped because a signal asked it to; everything it did was undone.
package struct Interrupted: CategorizedError {
    /// What was left as it was, for the message: the roster, by default.
    package let outcome: String

    package init(outcome: String = "the roster was left as it was") {
        self.outcome = outcome
    }

    package var category: ErrorCategory { .interrupted }
    package var description: String { "interrupted; \(outcome)" }
}
