/// One change of one player, as the roster's history keeps it: numbered in the order of the commits, with its time
/// and what made it.
package struct HistoryEntry: Sendable, Equatable {
    /// The change number: it only grows, one a change, without gaps.
    package let number: Int64
    /// When the change was committed, in UTC: `2026-12-05T08:15:02.123Z`.
    package let time: String
    package let playerID: Int64
    package let kind: ChangeKind
    /// The player's ref and name after the change (before it, for a removal).
    package let ref: String?
    package let name: String
    /// Each field whose value changed; for a player added, every known field, for one removed, every known field.
    package let fields: [FieldChange]
    /// What made the change: the command of rosterdb's (`import players.json`, `edit`), or nil for another program.
    package let madeBy: String?

    package init(
        number: Int64, time: String, playerID: Int64, kind: ChangeKind, ref: String?, name: String,
        fields: [FieldChange], madeBy: String?
    ) {
        self.number = number
        self.time = time
        self.playerID = playerID
        self.kind = kind
        self.ref = ref
        self.name = name
        self.fields = fields
        self.madeBy = madeBy
    }

    /// `madeBy` as people read it.
    package var madeByText: String { madeBy ?? "another program" }

    /// `time` as people read it, to the second: `2026-12-05T08:28:45.185Z` as `2026-12-05 08:28:45`.
    package var shownTime: String { HistoryEntry.shown(time) }

    /// A time of the history as people read it.
    package static func shown(_ time: String) -> String {
        let parts = time.split(separator: "T", maxSplits: 1)
        guard parts.count == 2 else { return time }
        return "\(parts[0]) \(parts[1].prefix(8))"
    }
}
