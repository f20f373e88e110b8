/// The ids of the players an import has written or confirmed, to catch the same player twice and to know which
/// players `--prune` removes. Dense ids take one bit each, so a million players cost 125 KB.
struct TouchedPlayers {
    private var bits: [UInt64] = []
    private var sparse: Set<Int64> = []
    private(set) var count = 0

    /// Ids below this are kept as bits (at most 8 MB); larger ids, rare, in a set.
    private static let denseLimit: Int64 = 1 << 26

    func contains(_ id: Int64) -> Bool {
        guard id >= 0, id < TouchedPlayers.denseLimit else { return sparse.contains(id) }
        let word = Int(id >> 6)
        return word < bits.count && bits[word] & (1 << UInt64(id & 63)) != 0
    }

    /// Adds `id`; returns false when it was there already.
    @discardableResult
    mutating func insert(_ id: Int64) -> Bool {
        guard id >= 0, id < TouchedPlayers.denseLimit else {
            let inserted = sparse.insert(id).inserted
            if inserted { count += 1 }
            return inserted
        }
        let word = Int(id >> 6)
        if word >= bits.count { bits += Array(repeating: 0, count: max(word + 1 - bits.count, bits.count)) }
        let mask: UInt64 = 1 << UInt64(id & 63)
        guard bits[word] & mask == 0 else { return false }
        bits[word] |= mask
        count += 1
        return true
    }

    /// Removes `id`; returns false when it was not there.
    @discardableResult
    mutating func remove(_ id: Int64) -> Bool {
        guard id >= 0, id < TouchedPlayers.denseLimit else {
            let removed = sparse.remove(id) != nil
            if removed { count -= 1 }
            return removed
        }
        guard contains(id) else { return false }
        bits[Int(id >> 6)] &= ~(1 << UInt64(id & 63))
        count -= 1
        return true
    }
}
