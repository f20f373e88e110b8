extension PagePosition {
    /// The position just after `player` in `order`: its value for each term a store orders by — each sort key's
    /// (a name's folded text, then the birth date; a position's rank), then its tie break's (the folded name and the
    /// id, or the id) — as the store computes them (the SQLite repository's `orderTerms`).
    package init(after player: Player, in order: [SortOrder]) {
        func text(_ value: String?) -> PagePosition.Value { value.map { .text(NameFolding.fold($0)) } ?? .null }
        let birthDate: PagePosition.Value = player.birthDate.map { .text($0.description) } ?? .null
        var values = order.flatMap { sort -> [PagePosition.Value] in
            switch sort.key {
            case .id: [.integer(player.id ?? 0)]
            case .name: [.text(NameFolding.fold(player.name)), birthDate]
            case .position: [.integer(Int64(Position.allCases.firstIndex(of: player.position) ?? 0))]
            case .goals: [.integer(Int64(player.goals))]
            case .assists: [.integer(Int64(player.assists))]
            case .nationality: [text(player.nationality)]
            case .club: [text(player.club)]
            case .age, .birthDate: [birthDate]
            }
        }
        switch SortOrder.tieBreak(of: order) {
        case .none: break
        case .id: values.append(.integer(player.id ?? 0))
        case .nameThenID: values += [.text(NameFolding.fold(player.name)), .integer(player.id ?? 0)]
        }
        self.init(sort: order, values: values)
    }
}
