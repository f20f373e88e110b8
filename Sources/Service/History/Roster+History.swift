import RosterModel

/// The roster's history: every change of a player, kept by the store in the same transaction as the change, read as
/// a player's timeline and as the change feed a copy follows, and forgotten before a day.
extension Roster {
    /// Since when the history is whole, and its latest change.
    package func historyStart() throws -> HistoryStart {
        try store.read { try $0.historyStart() }
    }

    /// Calls `body` with each change `criteria` selects, in the order of their numbers, at most `limit`, all read on
    /// one snapshot; returns the number to ask for the changes after (`afterNumber`) to go on. A follower that asks
    /// for the changes after a number whose successors were forgotten is refused (`HistoryError.forgotten`): it would
    /// miss them; so is one that asks past the latest change (`HistoryError.ahead`).
    @discardableResult
    package func forEachChange(
        matching criteria: HistoryCriteria, limit: Int? = nil, _ body: (HistoryEntry) throws -> Void
    ) throws -> Int64 {
        try store.read { players in
            let start = try players.historyStart()
            if let after = criteria.afterNumber, after < start.firstNumber - 1 {
                throw HistoryError.forgotten(asked: after, start: start)
            }
            // Past the latest change: the changes made next would take numbers the follower has passed.
            if let after = criteria.afterNumber, after > start.lastNumber {
                throw HistoryError.ahead(asked: after, start: start)
            }
            // A time before a start that forgetting moved: the changes of then are gone. (Before the history began,
            // the roster's players were recorded as added at its start.)
            if let since = criteria.since, since < start.time, start.firstNumber > 1, criteria.afterNumber == nil {
                throw HistoryError.beforeStart(asked: since, start: start)
            }
            var read = 0
            var last: Int64?
            try players.forEachChange(matching: criteria, limit: limit) { entry in
                try body(entry)
                read += 1
                last = entry.number
            }
            return Roster.next(criteria: criteria, limit: limit, read: read, last: last, start: start)
        }
    }

    /// The number to continue from: the last change read when the limit cut the list or an upper bound ended it;
    /// else the latest change of the snapshot read, so that a filter that matched nothing still moves a follower on.
    private static func next(criteria: HistoryCriteria, limit: Int?, read: Int, last: Int64?, start: HistoryStart)
        -> Int64
    {
        let bounded = criteria.throughNumber != nil || criteria.before != nil || criteria.through != nil
        if let limit, read == limit, let last { return last }
        if bounded {
            if let through = criteria.throughNumber, criteria.before == nil, criteria.through == nil {
                return min(through, start.lastNumber)
            }
            return last ?? criteria.afterNumber ?? (start.firstNumber - 1)
        }
        return max(start.lastNumber, criteria.afterNumber ?? 0)
    }

    /// The changes of the player `target` names, newest first: by id (also a player removed since), or by name as
    /// `findPlayer` finds a player in the roster.
    package func history(of target: String, matching criteria: HistoryCriteria = HistoryCriteria()) throws
        -> (start: HistoryStart, playerID: Int64, changes: [HistoryEntry], prefix: PrefixMatch?)
    {
        try store.read { players in
            var criteria = criteria
            let (id, prefix) = try Roster.historyID(of: target, in: players)
            criteria.playerID = id
            var changes: [HistoryEntry] = []
            let start = try players.historyStart()
            try players.forEachChange(matching: criteria, limit: nil) { changes.append($0) }
            if changes.isEmpty, try players.player(id: id) == nil, criteria == HistoryCriteria(playerID: id) {
                throw LookupError.noSuchID(String(id), named: [])
            }
            return (start, id, changes.reversed(), prefix)
        }
    }

    /// The id of the player `target` names for the history: an id as it is (a player removed since has a history
    /// too), a name as `findPlayer` finds a player in the roster.
    /// With the match of a name that was only the start of the player's (`PrefixMatch`).
    package func historyID(of target: String) throws -> (id: Int64, prefix: PrefixMatch?) {
        try store.read { try Roster.historyID(of: target, in: $0) }
    }

    private static func historyID(of target: String, in players: some PlayerReading) throws -> (
        id: Int64, prefix: PrefixMatch?
    ) {
        if let digits = idText(target), let id = Int64(digits) { return (id, nil) }
        let found = try find(target, in: players)
        return (found.player.id!, found.prefix)
    }

    /// From now on, reads the roster as it was at the end of `day` (UTC): every query, lookup and stats answers from
    /// then. A day that ended before the history began is refused with the time it began; a day after today, whose
    /// end is not known, is refused too (ages counted then would be told as of a roster not yet there).
    package func readAsOf(endOf day: CalendarDate) throws {
        let today = CalendarDate.todayUTC()
        if day > today { throw HistoryError.dayToCome(day, today: today) }
        let end = day.nextDay?.description ?? "9999-12-32"
        let change = try store.read { players in
            let start = try players.historyStart()
            guard end > start.time else { throw HistoryError.beforeStart(asked: "the end of \(day)", start: start) }
            return try players.lastChange(before: end)
        }
        try store.readAsOf(change: change)
    }

    /// Forgets the history before `day` (UTC) in one transaction: the roster as it was before then can no longer be
    /// told. Returns how many changes went, and the history's start from now on.
    package func forgetHistory(before day: CalendarDate) throws -> (forgotten: Int, start: HistoryStart) {
        // A later day would make the history start at a time not reached yet, before which new changes would fall.
        if day > CalendarDate.todayUTC() { throw HistoryError.futureDay(day) }
        return try store.write(madeBy: "history --forget-before \(day)") { players in
            let forgotten = try players.forgetHistory(before: day.description)
            return (forgotten, try players.historyStart())
        }
    }
}
