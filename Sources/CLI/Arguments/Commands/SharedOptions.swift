import RosterModel

/// The options and arguments that several commands take, declared once so that they are spelt, explained and read
/// alike everywhere.
enum SharedOptions {
    /// `--quiet`: the commands that change the roster (`import`, `add`, `edit`, `remove`) print only errors.
    static let quiet = Flag("quiet", short: "q", help: "Print only errors.")
    /// `--format`: how `show`, `add` and `edit` print the player.
    static let detailFormat = Option.choice(
        "format", of: DetailFormat.self, help: "The output format (default: text).")
    /// `--allow-duplicate`: `add` and `edit` may make a namesake born the same day.
    static let allowDuplicate = Flag(
        "allow-duplicate", help: "Add the player even when one with the same name and birth date is there.")
    /// `--at`: `query`, `show` and `stats` answer from the roster as it was.
    static let at = Option.day(
        "at",
        help: "Answer from the roster as it was at the end of this day (UTC), from its history; ages are counted on "
            + "that day unless --as-of says otherwise.")

    /// The query `filters` give, its ages counted on `at` when that is given and --as-of is not.
    static func query(_ filters: FilterOptions.Reading, at: CalendarDate?) -> PlayerQuery {
        var query = filters.query
        if let at, !filters.given.contains(.asOf) { query.asOf = at }
        return query
    }

    /// The one player `show` and `edit` take, and how it is named.
    static let player = ArgumentSpec(
        name: "player",
        help: "An id (digits, never a name), or a player's full name compared ignoring case and accents.",
        refusesBlank: true)
}
