import RosterFormats
import RosterModel

/// A player as `add` and `edit` were given it, refused: everything wrong with it, in the import's words. Each
/// problem's `field` is the field's name (`goals`).
public struct InvalidPlayer: CategorizedError {
    public let problems: [RecordProblem]

    public var category: ErrorCategory { .invalidData }
    public var description: String {
        "nothing was written: the player is invalid"
            + (problems.count == 1 ? "" : " (\(problems.count.groupedDigits) problems)")
    }
}
