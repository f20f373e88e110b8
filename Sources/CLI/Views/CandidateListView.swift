import RosterModel
import RosterService

/// The players listed under a lookup by name (`show`, `edit`, `remove`) that found several, or none but some near
/// names, or one by the start of its name where a full name was asked for.
enum CandidateListView {
    static func render(_ error: LookupError) -> String {
        switch error {
        case .ambiguous(_, let candidates):
            return PlayerLinesView.render(candidates) + "Give one of these ids instead of the name.\n"
        case .severalStart(_, let candidates, let total):
            let more = total > candidates.count ? "and \((total - candidates.count).groupedDigits) more\n" : ""
            return PlayerLinesView.render(candidates) + more
                + "Give more of the name, or one of these ids instead of it.\n"
        case .prefixOnly(_, let player):
            return PlayerLinesView.render([player]) + "Give the full name or the id, or --yes to take this player.\n"
        case .notFound(_, let suggestions):
            return suggestions.isEmpty ? "" : "Players with similar names:\n" + PlayerLinesView.render(suggestions)
        case .noSuchID(_, let named):
            return named.isEmpty
                ? "" : "Players with this name, whom only their ids name:\n" + PlayerLinesView.render(named)
        }
    }
}
