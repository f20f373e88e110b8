import RosterModel

/// Writes a list of players in one output format, a row at a time, so that `--all` over a million players
/// streams instead of piling up. Each call returns the text to write next, possibly empty, in whole lines.
protocol PlayerListRenderer {
    /// Whether `begin` needs `PageInfo.largest` for every match at once (a table that streams).
    var measuresAll: Bool { get }
    /// What comes before the first row (a CSV header, the opening of a JSON page).
    mutating func begin(_ paging: PageInfo) -> String
    /// One row: the player and their age on the as-of date (nil when the birth date is unknown).
    mutating func row(_ player: Player, age: Int?) -> String
    /// What comes after the last row; a renderer that must see every row first returns everything here.
    mutating func end(_ paging: PageInfo) -> String
    /// Hands over, before `end`, the values an empty list's filters could have meant, for a format that holds them
    /// (JSON); the others leave them to standard error.
    mutating func suggest(_ suggestions: [ValueSuggestion])
}

extension PlayerListRenderer {
    var measuresAll: Bool { false }
    mutating func suggest(_ suggestions: [ValueSuggestion]) {}
}
