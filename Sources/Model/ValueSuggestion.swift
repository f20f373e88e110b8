/// Values a filter could have meant when the one given is no player's (`--club "manchester united"` where the clubs
/// are written `Man Utd`): the field, the text given, and the nearest values players have, as they are written.
package struct ValueSuggestion: Hashable, Sendable {
    /// The field filtered on: a nationality or a club.
    package var field: PlayerField
    /// The value as given.
    package var given: String
    /// The nearest values some player has, nearest first.
    package var values: [String]

    package init(field: PlayerField, given: String, values: [String]) {
        self.field = field
        self.given = given
        self.values = values
    }

    /// `No club is 'manchester united'; did you mean 'Man Utd' or 'Man City'?`, the one wording of every front end:
    /// `opening`, each value after its `separator`, then `?`.
    package var message: String {
        opening + values.indices.map { separator(before: $0) + "'\(values[$0])'" }.joined() + "?"
    }

    /// `No club is 'manchester united'; did you mean `: the message up to the values.
    package var opening: String { "No \(field.name) is '\(given)'; did you mean " }

    /// What comes before the value at `index`: nothing before the first, `or` before the last, else a comma.
    package func separator(before index: Int) -> String {
        index == 0 ? "" : index == values.count - 1 ? " or " : ", "
    }
}
