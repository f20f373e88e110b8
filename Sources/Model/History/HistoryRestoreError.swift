/// Why a history another roster kept (`import --history`) was not restored: nothing of it was written.
package enum HistoryRestoreError: CategorizedError, Equatable {
    /// The roster has players or a history of its own, which the restored one would mix with.
    case notEmpty(players: Int, changes: Int64)
    /// Change `number` cannot be made to the roster as the changes before it left it.
    case refused(number: Int64, reason: String)
    /// Player `id`, one the history starts with, cannot be put in the roster.
    case startRefused(id: Int64, reason: String)

    package var category: ErrorCategory {
        switch self {
        case .notEmpty: .rosterNotEmpty
        case .refused, .startRefused: .invalidData
        }
    }

    package var description: String {
        switch self {
        case .notEmpty(let players, let changes):
            "the roster is not empty (\(players) players, \(changes) changes in its history): a history is restored "
                + "only into an empty roster, made with `rosterdb init`; nothing was written"
        case .refused(let number, let reason): "change \(number) \(reason)"
        case .startRefused(let id, let reason): "player \(id), whom the history starts with, \(reason)"
        }
    }
}
