import RosterFormats
import RosterModel

/// What an import's records are read with — the reader, the mapping and the validator — and what they learn of the
/// input on the way. A value of its own, which `RecordPipeline` mutates once a batch: as stored properties of that
/// class, each record paid for the runtime's exclusivity checks on every one it touched.
struct RecordSource {
    private var reader: any RecordReader
    private let mapping: RecordMapping
    /// Where the mapping finds its columns in records with the last record's field names.
    private var plan = MappingPlan()
    /// Whether each valid record's names are folded here (`PlayerRow`).
    private let foldsNames: Bool
    private var validator: RecordValidator
    /// Field names the validator did not know.
    private(set) var unknown = Set<String>()
    /// The names of every record's fields before mapping, when the mapping needs to know which keys a file has.
    private(set) var seen = Set<String>()

    init(reader: consuming any RecordReader, mapping: RecordMapping, foldsNames: Bool, validator: RecordValidator) {
        self.reader = reader
        self.mapping = mapping
        self.foldsNames = foldsNames
        self.validator = validator
    }

    /// Reads and validates up to `size` records; the batch is the last at the end of the input, at an error that
    /// ends the reading, or once `isCancelled`.
    mutating func readBatch(size: Int, isCancelled: () -> Bool) -> RecordPipeline.Batch {
        var batch = RecordPipeline.Batch(capacity: size)
        var last = false
        while batch.count < size && !last {
            if isCancelled() {
                last = true
                break
            }
            do throws(ReadError) {
                guard var record = try reader.next() else {
                    last = true
                    break
                }
                if !mapping.isIdentity {
                    for field in record.fields { seen.insert(field.name) }
                    if mapping.skips(record, plan: &plan) {
                        batch.append(.skipped)
                        continue
                    }
                    record = mapping.apply(record, plan: &plan)
                }
                switch validator.validate(record, unknown: &unknown) {
                case .valid(let player, let given):
                    let row = PlayerRow(player, foldingNow: foldsNames)
                    batch.append(.valid(number: record.number, location: record.location, row, given: given))
                case .invalid(let problems): batch.append(.invalid(problems))
                }
            } catch {
                batch.append(.unreadable(error))
                if !error.isRecoverable || error.kind != .malformed { last = true }
            }
        }
        batch.seal(isLast: last, bytesRead: reader.bytesRead)
        return batch
    }
}
