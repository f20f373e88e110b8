import RosterModel

/// Where a `RecordMapping` finds what it reads in a record, for records whose field names repeat — every row of a
/// CSV file, most records of a JSON one: the place of each column its sources and row filters read, the fields that
/// pass through with what each means, and each field's value map and lookup. Made again whenever a record's names
/// differ from those it was made for. It spares each record the comparison of names as rosterdb compares them
/// (lower-cased and trimmed, a new string each), which took a third of the reading thread's time (perf, a million
/// rows of a provider's file through a profile).
package struct MappingPlan {
    /// A column's place in the record: its first field, and whether another field has the same name.
    struct Place {
        let index: Int
        let isRepeated: Bool
    }

    /// The field names the plan was made for.
    private(set) var names: [String] = []
    /// Each mapped field and its source, in `PlayerField` order, with the place of each column the source reads.
    private(set) var sources: [(field: PlayerField, source: RecordMapping.Source, places: [Place?])] = []
    /// The place of each row filter's column, in the mapping's order.
    private(set) var filters: [Place?] = []
    /// The fields that pass through, by place, each with the player's field its name means.
    private(set) var passing: [(index: Int, field: PlayerField?)] = []

    package init() {}

    /// Whether the plan was made for `record`'s field names.
    func fits(_ record: RawRecord) -> Bool {
        guard record.fields.count == names.count else { return false }
        for (field, name) in zip(record.fields, names) where field.name != name { return false }
        return true
    }

    /// The plan for records with `record`'s field names, by `mapping`.
    init(_ record: RawRecord, mapping: RecordMapping) {
        names = record.fields.map(\.name)
        let keys = names.map(FieldNames.key)
        func place(_ column: String) -> Place? {
            let key = FieldNames.key(column)
            guard let first = keys.firstIndex(of: key) else { return nil }
            return Place(index: first, isRepeated: keys[(first + 1)...].contains(key))
        }
        var consumed = Set<String>()
        for field in PlayerField.allCases {
            guard let source = mapping.sources[field] else { continue }
            consumed.formUnion(source.columns.map(FieldNames.key))
            sources.append((field, source, source.columns.map(place)))
        }
        filters = mapping.rowFilters.map { place($0.column) }
        for (index, name) in names.enumerated() where !consumed.contains(keys[index]) {
            let field = FieldNames.resolve(name).map { FieldNames.fields[$0.index] }
            // The file's own column for a field the mapping gives from elsewhere is not read.
            if let field, mapping.sources[field] != nil { continue }
            passing.append((index, field))
        }
    }
}
