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
    /// No player has that name, and the names of `total` players start with its words; `candidates` are the first
    /// of them by name.
    case severalStart(String, candidates: [Player], total: Int)
    /// The one player whose name starts with the words of the text, which is not their full name, where a lookup
    /// asked for a full name or an id (`remove` without `--yes`: a prefix must never remove the wrong player).
    case prefixOnly(String, player: Player)

    package var category: ErrorCategory { .notFound }

    package var description: String {
        switch self {
        case .notFound(let text, _): "no player matches '\(text)'"
        case .noSuchID(let text, _): "no player has the id \(text)"
        case .ambiguous(let text, let candidates): "'\(text)' matches \(candidates.count) players; give an id"
        case .severalStart(let text, _, let total):
            "'\(text)' matches \(total.groupedDigits) players' names; give more of the name or an id"
        case .prefixOnly(let text, _): "'\(text)' is not a full name; give the full name or the id"
        }
    }
}

/// Whether a lookup by name takes the one player whose name's words start with the words given.
package enum PrefixUse: Sendable {
    /// Take them, and say so (`show`, `edit`, `remove --yes`).
    case take
    /// Refuse them with `LookupError.prefixOnly`, asking for the full name or the id (`remove`).
    case refuse
}

extension Roster {
    /// The most players listed when a name's words start the names of several.
    static let candidateLimit = 10

    /// The one player `text` names, as `lookUp` finds them, where how they were found does not matter.
    package func findPlayer(_ text: String) throws -> Player {
        try lookUp(text).player
    }

    /// The one player `text` names: an id when it is all digits, else a name compared ignoring case, accents and
    /// spacing (or the same words with other marks between them), or else the one whose name's words start with the
    /// words of `text` (as `query --name` matches), with that match to report.
    package func lookUp(_ text: String) throws -> (player: Player, prefix: PrefixMatch?) {
        try store.read { try Roster.find(text, in: $0) }
    }

    /// The id `text` names, as text: its digits, with white space around them (names are compared ignoring spacing,
    /// so " 3" is the digits too) and a minus sign before them (an id only another program can store, which `remove`
    /// must reach) allowed; nil for any other text, which is a name.
    static func idText(_ text: String) -> String? {
        let trimmed = TextRule.trimmed(text)
        return (trimmed.first == "-" ? trimmed.dropFirst() : Substring(trimmed)).isDigits ? trimmed : nil
    }

    /// `lookUp` inside a transaction of the caller's; a player found by the start of their name only is refused
    /// unless `prefixes` is `.take`.
    static func find(_ text: String, in players: some PlayerReading, prefixes: PrefixUse = .take) throws
        -> (player: Player, prefix: PrefixMatch?)
    {
        // Digits are an id and nothing else: were a missing id looked up as a name, `remove 3` run twice would
        // remove player 3, then a player called "3".
        if let digits = idText(text) {
            if let id = Int64(digits), let player = try players.player(id: id) { return (player, nil) }
            throw LookupError.noSuchID(digits, named: try players.players(sortName: NameFolding.fold(digits)))
        }
        let named = try players.players(sortName: NameFolding.fold(text))
        switch named.count {
        case 1: return (named[0], nil)
        case 0: break
        default: throw LookupError.ambiguous(text, candidates: named)
        }
        let words = NameFolding.words(text)
        guard !words.isEmpty else { throw LookupError.notFound(text, suggestions: []) }
        // The words as `query --name` matches them: each the start of a word of the name, ignoring case and accents.
        let started = try firstPlayers(matching: PlayerCriteria([.names([text])], asOf: .today()), in: players)
        // All of a name's words, in order, with nothing left out, is the full name written with other marks between
        // them (`N’Golo` for `N'Golo`, a space for a hyphen): no prefix, whatever `prefixes` says.
        let whole = started.filter { NameFolding.words($0.name) == words }
        switch whole.count {
        case 1: return (whole[0], nil)
        case 0: break
        default: throw LookupError.ambiguous(text, candidates: whole)
        }
        switch started.count {
        case 1:
            guard prefixes == .take else { throw LookupError.prefixOnly(text, player: started[0]) }
            return (started[0], PrefixMatch(given: text, player: started[0]))
        case 0:
            // Near names: those that any one of the words starts.
            let anyWord = try firstPlayers(matching: PlayerCriteria([.names(words)], asOf: .today()), in: players)
            throw LookupError.notFound(text, suggestions: Array(anyWord.prefix(5)))
        default:
            let total = try players.count(matching: PlayerCriteria([.names([text])], asOf: .today()))
            throw LookupError.severalStart(text, candidates: started, total: total)
        }
    }

    /// The first players `criteria` matches by name, up to `candidateLimit`.
    private static func firstPlayers(matching criteria: PlayerCriteria, in players: some PlayerReading) throws
        -> [Player]
    {
        var found: [Player] = []
        try players.forEachPlayer(matching: criteria, orderedBy: [SortOrder(.name)], limit: candidateLimit, offset: 0) {
            found.append($0)
        }
        return found
    }
}
