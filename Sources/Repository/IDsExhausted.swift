import RosterModel

/// A new player needs an id and none is left to give: the largest allowed has been given, and an id is never given
/// twice.
public struct IDsExhausted: CategorizedError {
    public var category: ErrorCategory { .failure }
    public var description: String {
        "every player id up to \(FieldRule.maximumID.groupedDigits) has been given, and an id is never given twice: "
            + "give the new player an id that no player has"
    }
}
