import RosterFormats
import RosterModel

/// A player as `add` and `edit` were given it, refused: everything wrong with it, in the import's words. Each
/// problem's `field` is the field's name (`goals`).
package struct InvalidPlayer: CategorizedError {
    package let problems: [RecordProblem]
    /// The id of the player being corrected, when another program stored it breaking the rules: a problem may then
    /// be with a value as stored, not one given.
    package var storedPlayer: Int64?

    package init(problems: [RecordProblem], storedPlayer: Int64? = nil) {
        self.problems = problems
        self.storedPlayer = storedPlayer
    }

    package var category: ErrorCategory { .invalidData }
    package var description: String {
        let count = problems.count == 1 ? "" : " (\(problems.count.groupedDigits) problems)"
        guard let storedPlayer else { return "nothing was written: the player is invalid" + count }
        return "nothing was written: player \(storedPlayer) as another program stored it, with the values given, is "
            + "invalid\(count); give a valid value for each field named"
    }
}
