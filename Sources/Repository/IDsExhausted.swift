import RosterModel

/// A new player needs an id and none is left to give: the largest allowed has been given, and an id is never given
/// twice.
package struct IDsExhausted: CategorizedError {
    package var category: ErrorCategory { .failure }
    package var description: String {
        "every player id up to \(FieldRule.maximumID.groupedDigits) has been given, and an id is never given twice: "
            + "give the new player an id that no player has"
    }
}
