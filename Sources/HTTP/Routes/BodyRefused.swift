import RosterModel

/// A write's body that is no JSON object, or names nothing to change.
struct BodyRefused: CategorizedError {
    let description: String

    init(_ description: String) {
        self.description = description
    }

    var category: ErrorCategory { .usage }
}
