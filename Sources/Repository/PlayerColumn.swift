import RosterModel

/// A column of the players table. One list — every field of `PlayerField`, then the values rosterdb derives from
/// them — gives the SELECT list, the INSERT, the UPDATE, the bindings and the reading, so that no column position is
/// written by hand and a new field needs one case here, if any.
enum PlayerColumn: Hashable {
    case field(PlayerField)
    case derived(DerivedColumn)

    /// Every column rosterdb writes, in the order of its INSERT and UPDATE parameters: the fields first, so that
    /// parameter 1 is the id.
    static let all: [PlayerColumn] =
        PlayerField.allCases.map(PlayerColumn.field) + DerivedColumn.allCases.map(PlayerColumn.derived)

    /// The columns a `Player` is read from: column `i` of a player row holds `PlayerField.allCases[i]`. Written
    /// without `joined(separator:)`, whose first call in a process looks up its collection's types at run time: this
    /// list is built at the start of every command.
    static let selectList = PlayerField.allCases.dropFirst().reduce(PlayerField.allCases[0].name) {
        $0 + ", " + $1.name
    }

    /// `selectList` with NULL in place of the fields other than `fields` (and the id, which names a player in
    /// errors): rows `PlayerRowView` reads as players whose other fields are unknown or empty, for a pass over many
    /// rows that needs only some of their values.
    static func selectList(reading fields: Set<PlayerField>) -> String {
        PlayerField.allCases.map { $0 == .id || fields.contains($0) ? $0.name : "NULL" }.joined(separator: ", ")
    }

    var name: String {
        switch self {
        case .field(let field): field.name
        case .derived(let derived): derived.rawValue
        }
    }
}

/// A column rosterdb computes from a field: its text folded for case and accents (`NameFolding`), the key names and
/// nationalities are sorted, matched and searched by. Rows other tools write have it NULL until rosterdb's next
/// write; reads fold such rows on the fly (see `PlayerRepository.foldsOnTheFly`).
enum DerivedColumn: String, CaseIterable {
    case sortName = "sort_name"
    case nationalityKey = "nationality_key"
    case clubKey = "club_key"

    /// The field the value is folded from.
    var source: PlayerField {
        switch self {
        case .sortName: .name
        case .nationalityKey: .nationality
        case .clubKey: .club
        }
    }

    /// The column holding `field` folded, if there is one.
    static func folding(_ field: PlayerField) -> DerivedColumn? {
        allCases.first { $0.source == field }
    }

    /// When the value is missing although its source is known: what the `players_unfolded` index holds.
    var missingCondition: String {
        source.isOptional ? "(\(source.name) IS NOT NULL AND \(rawValue) IS NULL)" : "\(rawValue) IS NULL"
    }

    /// The value for `player`; nil when the source field is unknown.
    func value(for player: Player) -> String? {
        guard case .text(let text) = player[source] else { return nil }
        return NameFolding.fold(text)
    }

    /// SQL for this column's value in a row, folding it on the fly where it is missing.
    var expression: String {
        "coalesce(\(rawValue), rosterdb_fold(\(source.name)))"
    }
}
