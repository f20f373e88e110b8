import RosterModel

/// Work stopped because a signal asked it to; everything it did was undone.
public struct Interrupted: CategorizedError {
    /// What was left as it was, for the message: the roster, by default.
    public let outcome: String

    public init(outcome: String = "the roster was left as it was") {
        self.outcome = outcome
    }

    public var category: ErrorCategory { .interrupted }
    public var description: String { "interrupted; \(outcome)" }
}
