import RosterModel

/// Where a JSON input's records are, and which of their nested values a mapping reads: `--records squad` for the
/// array inside a team object, `--map name=player.name` for a value inside a record's object (array elements by
/// their index: `statistics.0.goals.total`). Keys are compared as field names are, ignoring case and surrounding
/// spaces.
package struct JSONPaths: Sendable, Equatable {
    /// The keys leading from the input's top object to the array of records; empty when the input is the array
    /// itself (or NDJSON's lines).
    package var records: [String] = []
    /// The dotted paths a mapping reads (`player.name`), in the form keys are compared in: each becomes a field of
    /// the record, named by its path.
    private(set) var values: Set<String> = []
    /// Every proper prefix of those paths (`player`): the nested objects and arrays a reader descends into. Any
    /// other nested value is checked for syntax and skipped, as it costs nothing to keep.
    private(set) var containers: Set<String> = []
    /// Whether every other value inside those containers becomes a field too, named by its path, for a reader that
    /// knows every key its input may have and refuses the rest rather than skip it.
    private(set) var keepsOthers = false

    package init(records: [String] = [], reading columns: [String] = [], keepingOthers: Bool = false) {
        self.records = records
        keepsOthers = keepingOthers
        for column in columns where column.contains(".") {
            let path = FieldNames.key(column)
            values.insert(path)
            var prefix = Substring(path)
            while let dot = prefix.lastIndex(of: ".") {
                prefix = prefix[..<dot]
                containers.insert(String(prefix))
            }
        }
    }

    /// `squad`, `data.players`: the records path as written in messages and options.
    package var recordsDescription: String { records.joined(separator: ".") }

    /// Reads `--records PATH`: keys separated by dots, none empty.
    package static func recordsPath(from text: String) -> Result<[String], RecordMapping.Refused> {
        let keys = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !keys.contains(where: { TextRule.trimmed($0).isEmpty }) else {
            return .failure(
                RecordMapping.Refused(reason: "expected keys separated by dots, such as squad or data.players."))
        }
        return .success(keys)
    }
}
