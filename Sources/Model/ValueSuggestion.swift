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

    /// `No club is 'manchester united'; did you mean 'Man Utd' or 'Man City'?`, the one wording of every front end.
    package var message: String {
        let quoted = values.map { "'\($0)'" }
        let listed =
            quoted.count < 2 ? quoted.joined() : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
        return "No \(field.name) is '\(given)'; did you mean \(listed)?"
    }
}
