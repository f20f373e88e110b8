import RosterFormats
import RosterModel

/// How an import treats its input and the roster.
package struct ImportOptions: Sendable {
    /// The input format; nil picks it from each file's extension, else from its first byte.
    package var format: InputFormat?
    /// What separates CSV cells; nil picks it from each file's extension (a tab for `.tsv`, else a comma).
    package var delimiter: CSVDelimiter?
    /// The keys leading from a JSON input's top object to its array of records (`--records squad`); empty when
    /// the input is the array itself. Non-empty, the input is read as JSON.
    package var records: [String] = []
    /// How records map to the player's fields (`--map`, `--null`, `--value-map`).
    package var mapping = RecordMapping()
    /// Second files that fields' values are keys into (`--lookup club=teams.csv:id:name`), read before the import
    /// writes anything.
    package var lookups: [Lookup] = []
    /// How birth dates are written.
    package var dateFormat = DateFormat.iso
    /// The only fields an import updates in the players that exist (`--only`); nil for whole records. A field a
    /// record does not give is left as it is, never cleared.
    package var only: [PlayerField]?
    /// How records find their stored players; nil for the usual rules.
    package var match: PlayerMatch?
    /// What a second record of a player already read in this import does.
    package var samePlayer = SamePlayerPolicy.refuse
    /// The input is a full snapshot: players absent from it are removed.
    package var prune = false
    /// `prune` refuses to remove more than this share of the roster, in percent.
    package var maxPrunePercent: Double = 20
    /// Validate and count what would change, then write nothing.
    package var dryRun = false
    /// Write the valid records and report the invalid ones, instead of writing nothing.
    package var skipInvalid = false
    /// Birth dates after this day are refused: by default the day in the easternmost time zone, as the schema's
    /// own rule has it.
    package var latestBirthDate = CalendarDate.latestToday()

    package init() {}
}
