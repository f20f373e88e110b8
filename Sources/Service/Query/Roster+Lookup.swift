import RosterFormats
import RosterModel

/// Why `show` found no single player.
package enum LookupError: CategorizedError {
    /// Nothing matches; `suggestions` are players whose names start with the same words.
    case notFound(String, suggestions: [Player])
    /// No player has the id; `named` are those whose name is its digits, which only their own ids reach.
    case noSuchID(String, named: [Player])
    /// Several players have that name.
    case ambiguous(String, candidates: [Player])

    package var category: ErrorCategory { .notFound }

    package var description: String {
        switch self {
        case .notFound(let text, _): "no player matches '\(text)'"
        case .noSuchID(let text, _): "no player has the id \(text)"
        case .ambiguous(let text, let candidates): "'\(text)' matches \(candidates.count) players; give an id"
        }
    }
}

extension Roster {
    /// The one player `text` names: an id when it is all digits, else a name compared ignoring case, accents and
    /// spacing.
    package func findPlayer(_ text: String) throws -> Player {
        try store.read { try Roster.find(text, in: $0) }
    }

    /// The id `text` names, as text: its digits, with white space around them (names are compared ignoring spacing,
    /// so " 3" is the digits too) and a minus sign before them (an id only another program can store, which `remove`
    /// must reach) allowed; nil for any other text, which is a name.
    static func idText(_ text: String) -> String? {
        let trimmed = TextRule.trimmed(text)
        return (trimmed.first == "-" ? trimmed.dropFirst() : Substring(trimmed)).isDigits ? trimmed : nil
    }

    /// `findPlayer` inside a transaction of the caller's.
    static func find(_ text: String, in players: some PlayerReading) throws -> Player {
        // Digits are an id and nothing else: were a missing id looked up as a name, `remove 3` run twice would
        // remove player 3, then a player called "3".
        if let digits = idText(text) {
            if let id = Int64(digits), let player = try players.player(id: id) { return player }
            throw LookupError.noSuchID(digits, named: try players.players(sortName: NameFolding.fold(digits)))
        }
        let named = try players.players(sortName: NameFolding.fold(text))
        switch named.count {
        case 1: return named[0]
        case 0:
            let criteria = PlayerCriteria([.names([text])], asOf: .today())
            var suggestions: [Player] = []
            if !NameFolding.words(text).isEmpty {
                try players.forEachPlayer(
                    matching: criteria, orderedBy: [SortOrder(.name)], limit: 5, offset: 0
                ) { suggestions.append($0) }
            }
            throw LookupError.notFound(text, suggestions: suggestions)
        default:
            throw LookupError.ambiguous(text, candidates: named)
        }
    }
}
