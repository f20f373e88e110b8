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

    private static func lines(_ players: [Player]) -> String {
        players.map { player in
            "  \(player.id.map(String.init) ?? "-")  \(player.name)  \(player.position.code)  "
                + "born \(player.birthDate?.description ?? "unknown")\n"
        }.joined()
    }
}
