import RosterModel
import RosterService

/// The players listed under a lookup by name (`show`, `edit`, `remove`) that found several, or none but some near
/// names.
enum CandidateListView {
    static func render(_ error: LookupError) -> String {
        switch error {
        case .ambiguous(_, let candidates):
            return PlayerLinesView.render(candidates) + "Give one of these ids instead of the name.\n"
        case .notFound(_, let suggestions):
            return suggestions.isEmpty ? "" : "Players with similar names:\n" + PlayerLinesView.render(suggestions)
        case .noSuchID(_, let named):
            return named.isEmpty
                ? "" : "Players with this name, whom only their ids name:\n" + PlayerLinesView.render(named)
        }
    }
}
