import RosterModel
import RosterService

/// The players listed under a `show` that found several, or none but some near names.
enum CandidateListView {
    static func render(_ error: LookupError) -> String {
        switch error {
        case .ambiguous(_, let candidates):
            return lines(candidates) + "Run 'rosterdb show ID' with one of these ids.\n"
        case .notFound(_, let suggestions):
            return suggestions.isEmpty ? "" : "Players with similar names:\n" + lines(suggestions)
        }
    }

    /// One line per player in aligned columns: ids to the right, names padded by display width (and made
    /// printable: another program may have written the roster), then position and birth date.
    private static func lines(_ players: [Player]) -> String {
        let ids = players.map { $0.id.map(String.init) ?? "-" }
        let names = players.map { DisplayWidth.printable($0.name) }
        let nameWidths = names.map(DisplayWidth.of)
        let idWidth = ids.map(\.count).max() ?? 0
        let nameWidth = nameWidths.max() ?? 0
        let positionWidth = players.map(\.position.code.count).max() ?? 0
        return players.indices.map { index in
            let player = players[index]
            return "  " + DisplayWidth.padded(ids[index], toWidth: idWidth, alignRight: true)
                + "  " + DisplayWidth.padded(names[index], measuring: nameWidths[index], toWidth: nameWidth,
                                             alignRight: false)
                + "  " + DisplayWidth.padded(player.position.code, toWidth: positionWidth, alignRight: false)
                + "  born \(player.birthDate?.description ?? "unknown")\n"
        }.joined()
    }
}
