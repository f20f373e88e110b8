import RosterModel

extension PlayerRepository {
    /// The figures of the players that match `criteria`, tallied in one pass over their rows: the total, and the
    /// groups per position and line, and per age band, nationality and club when `groupings` names them. Ages are
    /// taken on `asOf`; unknown and not-yet-born ones are left out of averages. Rows are read as players are
    /// (`PlayerRowView`), so a position, count or birth date another program wrote that is none fails naming its
    /// player (SQL's GROUP BY would count it in a group of its own, and its date functions read `1999-02-30` as a
    /// day in March).
    ///
    /// One pass rather than a GROUP BY a grouping: SQLite has no hash aggregate, so each GROUP BY sorts every row
    /// or reads the table in an index's order, and a summary needs five of them.
    package func tally(matching criteria: PlayerCriteria, by groupings: Set<StatsGrouping>, asOf: CalendarDate)
        throws -> StatsTally
    {
        let byNationality = groupings.contains(.nationality)
        let byClub = groupings.contains(.club)
        let folding = byNationality || byClub || criteria.readsFoldedColumns ? try hasUnfoldedRows() : false
        // The folded keys follow the player's columns, as nationalities and clubs are grouped by them.
        let keys = [(DerivedColumn.nationalityKey, byNationality), (.clubKey, byClub)].map { column, wanted in
            wanted ? (folding ? column.expression : column.rawValue) : "NULL"
        }
        let keyColumn = Int32(PlayerField.allCases.count)
        let (condition, values) = criteria.whereClause(
            foldingOnTheFly: folding, pastNames: try searchesPastNames(criteria))
        let statement = try connection.prepare(
            "SELECT \(PlayerColumn.selectList(reading: PlayerRepository.tallied)), \(keys[0]), \(keys[1]) FROM players"
                + condition)
        try statement.bind(values)

        var positions: [Position: GroupTally] = [:]
        var ageBands: [Int?: GroupTally] = [:]
        var nationalities = FoldedGroups()
        var clubs = FoldedGroups()
        var unknownBirthDates = 0
        var unknownNationalities = 0
        var unknownClubs = 0
        while try statement.step() {
            let nationalityKey = byNationality ? statement.optionalText(at: keyColumn) : nil
            let clubKey = byClub ? statement.optionalText(at: keyColumn + 1) : nil
            var position = Position.forward
            var goals: Int64 = 0
            var assists: Int64 = 0
            var birthDate: CalendarDate?
            var hasNationality = false
            var hasClub = false
            try PlayerRowView(statement).forEachValue { field, value in
                switch (field, value) {
                case (.position, .position(let value)): position = value
                case (.goals, .integer(let value)): goals = value
                case (.assists, .integer(let value)): assists = value
                case (.birthDate, .date(let value)): birthDate = value
                case (.nationality, .text(let text)):
                    hasNationality = true
                    if byNationality { nationalities.label(nationalityKey, with: text) }
                case (.club, .text(let text)):
                    hasClub = true
                    if byClub { clubs.label(clubKey, with: text) }
                default: break
                }
            }
            let age = birthDate?.age(on: asOf)
            try positions[position, default: GroupTally()].add(goals: goals, assists: assists, age: age)
            if groupings.contains(.age) {
                let band = age.map { $0 / StatsGrouping.ageBandYears * StatsGrouping.ageBandYears }
                try ageBands[band, default: GroupTally()].add(goals: goals, assists: assists, age: age)
            }
            if byNationality { try nationalities.add(nationalityKey, goals: goals, assists: assists, age: age) }
            if byClub { try clubs.add(clubKey, goals: goals, assists: assists, age: age) }
            if birthDate == nil { unknownBirthDates += 1 }
            if !hasNationality { unknownNationalities += 1 }
            if !hasClub { unknownClubs += 1 }
        }

        // Lines and the total are sums of positions.
        var total = GroupTally()
        var lines: [Position: GroupTally] = [:]
        for (position, tally) in positions {
            try total.add(tally)
            try lines[position.line, default: GroupTally()].add(tally)
        }
        var groups: [StatsGrouping: [GroupStats]] = [
            .position: positions.map { $1.stats(group: $0.code) }, .line: lines.map { $1.stats(group: $0.code) },
        ]
        if groupings.contains(.age) { groups[.age] = ageBands.map { $1.stats(group: $0.map(String.init)) } }
        if byNationality { groups[.nationality] = nationalities.stats }
        if byClub { groups[.club] = clubs.stats }
        return StatsTally(
            total: total.stats(group: nil), groups: groups, unknownBirthDates: unknownBirthDates,
            unknownNationalities: unknownNationalities, unknownClubs: unknownClubs)
    }

    /// The fields a tally reads; the name, image and ref are left in the table.
    private static let tallied: Set<PlayerField> = [.position, .goals, .assists, .nationality, .club, .birthDate]
}

/// Groups of players by a folded text (a nationality or club; nil when unknown), each named by the least of the
/// texts its players write, byte by byte, as SQL's `min()` has it.
private struct FoldedGroups {
    private var groups: [String?: (label: String, tally: GroupTally)] = [:]

    /// Makes `text` the label of the group of `key` when it comes before the label it has, or it has none.
    mutating func label(_ key: String?, with text: UnsafeBufferPointer<UInt8>) {
        if let label = groups[key]?.label, !text.lexicographicallyPrecedes(label.utf8) { return }
        groups[key, default: ("", GroupTally())].label = String(decoding: text, as: UTF8.self)
    }

    /// Counts one player in the group of `key`.
    mutating func add(_ key: String?, goals: Int64, assists: Int64, age: Int?) throws(DatabaseError) {
        try groups[key, default: ("", GroupTally())].tally.add(goals: goals, assists: assists, age: age)
    }

    var stats: [GroupStats] {
        groups.map { key, group in group.tally.stats(group: key == nil ? nil : group.label) }
    }
}
