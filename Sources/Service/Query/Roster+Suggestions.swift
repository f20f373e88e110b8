import RosterModel

extension Roster {
    /// For each nationality and club `query` filters on that no player has, the nearest values players have
    /// (`ValueSuggestion.nearest`), read on one snapshot; given values that some player has get none, as the list
    /// was then emptied by the other filters. Front ends ask it when a list is empty.
    package func suggestions(for query: PlayerQuery) throws -> [ValueSuggestion] {
        var given: [(field: PlayerField, value: String)] = []
        for filter in query.filters {
            switch filter {
            case .nationalities(let values): given += values.map { (.nationality, $0) }
            case .clubs(let values): given += values.map { (.club, $0) }
            case .positions, .clubPrefixes, .names, .minGoals, .maxGoals, .minAssists, .maxAssists, .minAge, .maxAge:
                break
            }
        }
        guard !given.isEmpty else { return [] }
        return try store.read { players in
            var known: [PlayerField: [KnownValue]] = [:]
            var suggestions: [ValueSuggestion] = []
            for (field, value) in given {
                let values = try known[field] ?? players.knownValues(of: field)
                known[field] = values
                let key = NameFolding.fold(value)
                guard !values.contains(where: { $0.key == key }) else { continue }
                let nearest = ValueSuggestion.nearest(to: value, among: values)
                if !nearest.isEmpty {
                    suggestions.append(ValueSuggestion(field: field, given: value, values: nearest.map(\.text)))
                }
            }
            return suggestions
        }
    }
}
