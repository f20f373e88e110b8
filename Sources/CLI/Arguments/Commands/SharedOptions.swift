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
    /// The one player `show` and `edit` take, and how it is named.
    static let player = ArgumentSpec(
        name: "player",
        help: "An id (digits, never a name), or a player's full name compared ignoring case and accents.")
}
