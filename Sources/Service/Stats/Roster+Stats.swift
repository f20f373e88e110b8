import RosterModel

extension Roster {
    /// The players that match `query`'s filters, counted and summed per group of `grouping`, on one snapshot.
    /// Groups come in their natural order — positions from the goal outwards, lines GK to FW, age bands from the
    /// youngest — or, for nationalities and clubs, the most players first; unknown values last. `top` keeps the
    /// first so many groups.
    package func stats(_ query: PlayerQuery, by grouping: StatsGrouping, top: Int? = nil) throws -> GroupedStats {
        try stats(query, by: [grouping], top: top)[0]
    }

    /// `stats(_:by:top:)` for each of `groupings`, in their order, from one reading of the players.
    package func stats(_ query: PlayerQuery, by groupings: [StatsGrouping], top: Int? = nil) throws -> [GroupedStats] {
        let criteria = PlayerCriteria(query)
        let tally = try store.read { try $0.tally(matching: criteria, by: Set(groupings), asOf: query.asOf) }
        return groupings.map { grouping in
            var groups = Roster.ordered(tally.groups[grouping] ?? [], by: grouping)
            if let top { groups = Array(groups.prefix(top)) }
            return GroupedStats(total: tally.total, grouping: grouping, groups: groups, asOf: query.asOf)
        }
    }

    /// The roster at a glance, for the players that match `query`'s filters: counts per line and position, the
    /// `top` most common nationalities and clubs, the `top` scorers and assisters, the youngest and the oldest, and
    /// how many lack a birth date, a nationality or a club. One snapshot.
    package func summary(_ query: PlayerQuery, top: Int = 5) throws -> RosterSummary {
        let criteria = PlayerCriteria(query)
        return try store.read { players in
            let tally = try players.tally(matching: criteria, by: [.nationality, .club], asOf: query.asOf)
            func groups(_ grouping: StatsGrouping) -> [GroupStats] {
                Roster.ordered(tally.groups[grouping] ?? [], by: grouping)
            }
            func first(_ count: Int, by order: [SortOrder], _ narrow: (inout PlayerCriteria) -> Void) throws
                -> [Player]
            {
                var narrowed = criteria
                narrow(&narrowed)
                var found: [Player] = []
                try players.forEachPlayer(matching: narrowed, orderedBy: order, limit: count, offset: 0) {
                    found.append($0)
                }
                return found
            }
            var summary = RosterSummary(total: tally.total, asOf: query.asOf)
            let lines = groups(.line)
            summary.lines = Position.allCases.filter(\.isLine).map { line in
                lines.first { $0.group == line.code }
                    ?? GroupStats(group: line.code, players: 0, goals: 0, assists: 0, averageAge: nil)
            }
            summary.positions = groups(.position)
            summary.nationalities = Array(groups(.nationality).filter { $0.group != nil }.prefix(top))
            summary.clubs = Array(groups(.club).filter { $0.group != nil }.prefix(top))
            summary.topScorers = try first(top, by: [SortOrder(.goals, descending: true), SortOrder(.name)]) {
                $0.filters.append(.minGoals(1))
            }
            summary.topAssisters = try first(top, by: [SortOrder(.assists, descending: true), SortOrder(.name)]) {
                $0.filters.append(.minAssists(1))
            }
            // Of an age on the as-of day: someone not born yet has none.
            summary.youngest = try first(1, by: [SortOrder(.birthDate, descending: true)]) {
                $0.filters.append(.minAge(0))
            }.first
            summary.oldest = try first(1, by: [SortOrder(.birthDate)]) { $0.filters.append(.minAge(0)) }.first
            summary.unknownBirthDates = tally.unknownBirthDates
            summary.unknownNationalities = tally.unknownNationalities
            summary.unknownClubs = tally.unknownClubs
            return summary
        }
    }

    /// Groups in the order `stats` gives them.
    static func ordered(_ groups: [GroupStats], by grouping: StatsGrouping) -> [GroupStats] {
        func known(_ a: GroupStats, _ b: GroupStats, _ before: (String, String) -> Bool) -> Bool {
            switch (a.group, b.group) {
            case (let x?, let y?): before(x, y)
            case (.some, nil): true
            default: false
            }
        }
        func rank(_ code: String) -> Int { Position.allCases.firstIndex { $0.code == code } ?? Int.max }
        switch grouping {
        case .position, .line:
            return groups.sorted { known($0, $1) { rank($0) < rank($1) } }
        case .age:
            return groups.sorted { known($0, $1) { Int($0) ?? 0 < Int($1) ?? 0 } }
        case .nationality, .club:
            return groups.sorted { a, b in
                if (a.group == nil) != (b.group == nil) { return b.group == nil }
                if a.players != b.players { return a.players > b.players }
                return NameFolding.fold(a.group ?? "") < NameFolding.fold(b.group ?? "")
            }
        }
    }
}
