import RosterModel

extension PlayerFilter {
    /// The filter in a few words for the browser's header: `club Arsenal|Chelsea`, `goals ≥ 10`.
    var shown: String {
        switch self {
        case .positions(let positions): "position " + positions.map(\.code).joined(separator: ",")
        case .nationalities(let values): "nationality " + values.joined(separator: "|")
        case .clubs(let values): "club " + values.joined(separator: "|")
        case .clubPrefixes(let values): "club " + values.map { $0 + "…" }.joined(separator: "|")
        case .names(let values): "name " + values.joined(separator: "|")
        case .minGoals(let value): "goals ≥ \(value)"
        case .maxGoals(let value): "goals ≤ \(value)"
        case .minAssists(let value): "assists ≥ \(value)"
        case .maxAssists(let value): "assists ≤ \(value)"
        case .minAge(let value): "age ≥ \(value)"
        case .maxAge(let value): "age ≤ \(value)"
        }
    }
}
