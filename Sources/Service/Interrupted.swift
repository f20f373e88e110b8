import RosterModel

/// Work stopped because a signal asked it to; everything it did was rolled back.
public struct Interrupted: CategorizedError {
    public init() {}
    public var category: ErrorCategory { .interrupted }
    public var description: String { "interrupted; the roster was left as it was" }
}
