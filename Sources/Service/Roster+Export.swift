import RosterModel

extension Roster {
    /// Calls `body` with every player in id order, on one snapshot, one row at a time: what `export` writes, so
    /// that importing its output into an empty roster reproduces this one exactly, ids included.
    public func forEachPlayer(_ body: (Player) throws -> Void) throws {
        try database.read { try $0.forEachPlayer(body) }
    }
}
