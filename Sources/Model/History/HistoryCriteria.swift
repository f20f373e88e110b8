/// Which changes of the history to read: after a change number, within times, of some players, fields and kinds.
/// Every condition given must hold; none selects every change.
package struct HistoryCriteria: Sendable, Hashable {
    /// Only changes numbered above this.
    package var afterNumber: Int64?
    /// Only changes numbered at most this.
    package var throughNumber: Int64?
    /// Only changes at or after this time (UTC, as `HistoryEntry.time` spells it; a date alone is its midnight).
    package var since: String?
    /// Only changes before this time.
    package var before: String?
    /// Only changes at this time or earlier.
    package var through: String?
    /// Only changes of this player.
    package var playerID: Int64?
    /// Only changes that touch one of these fields (a club field for transfers); empty for any.
    package var fields: [PlayerField]
    /// Only changes of these kinds; empty for any.
    package var kinds: [ChangeKind]

    package init(
        afterNumber: Int64? = nil, throughNumber: Int64? = nil, since: String? = nil, before: String? = nil,
        through: String? = nil, playerID: Int64? = nil, fields: [PlayerField] = [], kinds: [ChangeKind] = []
    ) {
        self.afterNumber = afterNumber
        self.throughNumber = throughNumber
        self.since = since
        self.before = before
        self.through = through
        self.playerID = playerID
        self.fields = fields
        self.kinds = kinds
    }
}
