import RosterModel

extension Roster {
    /// The values of `field` (a club, a nationality) that players have and whose folded form starts with `prefix`
    /// folded, as one such player writes them, at most `limit`, in the order of their folded forms: a range of the
    /// field's index, for completions, whatever the roster's size.
    package func knownValues(of field: PlayerField, startingWith prefix: String, limit: Int) throws -> [String] {
        try store.read { players in
            try players.knownValues(of: field, startingWith: prefix, limit: limit).map(\.text)
        }
    }
}
