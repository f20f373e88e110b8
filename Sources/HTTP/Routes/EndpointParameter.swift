import RosterModel
import RosterService

/// A query parameter that one endpoint reads itself, beside the list's (`QueryParameter`) and the import's
/// (`ImportParameter`): declared once here with its values and help. The handlers read them by these names (each
/// operation of `APIOperation` lists its own), and the API's document (`/openapi.json`) describes them.
enum EndpointParameter: String, CaseIterable, Sendable {
    /// `/api/players`: the list's format.
    case format
    /// `/api/stats`: the groups, and how many of the largest clubs and nationalities.
    case by, top
    /// `/api/changes`: the feed's page.
    case since, until, player, field, kind, limit
    /// A write's: a player with the name and birth date of another.
    case allowDuplicate = "allow_duplicate"

    /// What a value may be.
    enum Value: Sendable {
        /// One of these words.
        case choice([String])
        /// A comma-separated list of these words.
        case list([String])
        /// A whole number in the range.
        case number(ClosedRange<Int>)
        /// On with `1`, `true` or nothing; off with `0` or `false`.
        case flag
        /// A change number, a day or a moment (`ChangePoint`).
        case changePoint
    }

    var value: Value {
        switch self {
        case .format: .choice(ListFormat.allCases.map(\.rawValue))
        case .by: .choice(StatsGrouping.allCases.map(\.rawValue))
        case .top: .number(StatsGrouping.topRange)
        case .since, .until: .changePoint
        case .player: .number(1...Int(FieldRule.maximumID))
        case .field: .list(PlayerField.allCases.map(\.rawValue))
        case .kind: .list(ChangeKind.allCases.map(\.rawValue))
        case .limit: .number(1...RosterRoutes.changesPerPage.most)
        case .allowDuplicate: .flag
        }
    }

    var help: String {
        switch self {
        case .format:
            "json (a page), or ndjson or csv (every match, streamed); without it, the Accept field chooses."
        case .by: "Group by this (else the summary)."
        case .top: "How many of the largest clubs and nationalities to show."
        case .since: "The feed starts after this point: 0 for all of it; the next page's is the answer's next."
        case .until: "The feed ends at this point."
        case .player: "Only this player's changes (an id)."
        case .field: "Only changes of these fields (comma-separated)."
        case .kind: "Only changes of these kinds (comma-separated)."
        case .limit:
            "The most changes a page holds (default \(RosterRoutes.changesPerPage.default.groupedDigits))."
        case .allowDuplicate: "Write a player with the name and birth date of another (1 or true)."
        }
    }

    /// Whether the parameter must be given.
    var isRequired: Bool { self == .since }
}
