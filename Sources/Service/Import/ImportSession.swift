import RosterModel
import RosterRepository

/// One import inside its write transaction: reads every input, validates each record, writes it, and keeps the
/// tallies. Any error it throws rolls the whole import back.
struct ImportSession {
    let players: PlayerRepository
    let options: ImportOptions
    private(set) var report: ImportReport
    private var touched = TouchedPlayers()
    private var unknownFields = Set<String>()
    private let rosterSizeBefore: Int
    private let progress: ((ImportProgress) -> Void)?
    private let shouldStop: () -> Bool
    private var bytesBeforeCurrentFile = 0
    private let totalBytes: Int?

    /// Progress is reported after every this many records.
    private static let progressInterval = 4_096

    init(
        players: PlayerRepository, options: ImportOptions, inputs: [InputFile],
        progress: ((ImportProgress) -> Void)?, shouldStop: @escaping () -> Bool
    ) throws {
        self.players = players
        self.options = options
        self.progress = progress
        self.shouldStop = shouldStop
        report = ImportReport(files: inputs.map(\.name))
        report.dryRun = options.dryRun
        rosterSizeBefore = try players.count()
        let sizes = inputs.map(\.size)
        totalBytes = sizes.contains { $0 == nil } ? nil : sizes.reduce(0) { $0 + ($1 ?? 0) }
    }

    // MARK: - Reading

    mutating func read(_ input: InputFile) throws {
        let source = ByteSource(descriptor: input.descriptor, shouldStop: shouldStop)
        var format = options.format ?? InputFormat(fileName: input.name)
        if format == nil {
            do throws(ReadError) {
                format = InputFormat(sniffing: try source.firstNonBlankByte())
            } catch {
                if error.kind == .stopped { throw Interrupted() }
                throw ImportError.unreadable(file: input.name, reason: error.message)
            }
        }
        let reader = makeRecordReader(
            format ?? .csv, source: source, requiredColumns: RecordValidator.requiredFields)
        let pipeline = RecordPipeline(
            reader: reader, validator: RecordValidator(today: options.today, file: input.name))
        defer { unknownFields.formUnion(pipeline.finish()) }
        var bytesRead = 0
        while let batch = pipeline.next() {
            for item in batch.items {
                switch item {
                case .unreadable(let error):
                    if error.kind == .stopped { throw Interrupted() }
                    guard error.kind == .malformed else {
                        throw ImportError.unreadable(file: input.name, reason: error.message)
                    }
                    // A problem inside a record rejects that record; one outside any (a bad header, a trailing
                    // comma after the last record) belongs to the file, and counting it as a record would overstate
                    // them.
                    if error.recordNumber != nil {
                        report.records += 1
                        report.rejectedRecords += 1
                    }
                    report.record(
                        ImportProblem(file: input.name, record: error.recordNumber, location: error.location,
                                      message: error.message))
                    // The rest of a malformed file is lost, so it can never be imported in part.
                    if !error.isRecoverable { report.malformedFiles.append(input.name) }
                    continue
                case .invalid(let problems):
                    report.records += 1
                    report.rejectedRecords += 1
                    problems.forEach { report.record($0) }
                case .valid(let record, let player):
                    report.records += 1
                    if let problem = try write(player, from: record, file: input.name) {
                        report.rejectedRecords += 1
                        report.record(problem)
                    }
                }
                if report.records % ImportSession.progressInterval == 0 {
                    // Records that never reach SQLite (all invalid) must not delay a stop.
                    if shouldStop() { throw Interrupted() }
                    progress?(ImportProgress(records: report.records, bytesRead: bytesBeforeCurrentFile + bytesRead,
                                             totalBytes: totalBytes))
                }
            }
            bytesRead = batch.bytesRead
        }
        bytesBeforeCurrentFile += bytesRead
    }

    // MARK: - Writing

    /// Adds, updates or confirms the player; returns the problem when the record cannot be applied.
    private mutating func write(_ player: Player, from record: RawRecord, file: String) throws -> ImportProblem? {
        let hasID = player.id != nil
        var player = player
        let stored: Player?
        if let id = player.id {
            // In a roster that was empty when the import began, a player not yet touched cannot be stored.
            stored = rosterSizeBefore == 0 && !touched.contains(id) ? nil : try players.player(id: id)
        } else {
            let matches = try players.players(name: player.name, birthDate: player.birthDate)
            guard matches.count <= 1 else {
                let ids = matches.compactMap(\.id).map(String.init).joined(separator: ", ")
                return ImportProblem(
                    file: file, record: record.number, location: record.location,
                    message: "matches \(matches.count) players with this name and birth date (ids \(ids)); "
                        + "give an id to say which")
            }
            stored = matches.first
            player.id = stored?.id
        }
        if let id = player.id, touched.contains(id) {
            // Name the player the way the record does: an id the record never gave would mean nothing to its author.
            let player = hasID ? "the same player (id \(id))" : "a player with this name and birth date"
            return ImportProblem(
                file: file, record: record.number, location: record.location,
                message: "\(player) is already in this import, in an earlier record")
        }
        if let stored {
            if stored == player {
                report.unchanged += 1
            } else {
                try players.update(player)
                report.updated += 1
            }
            touched.insert(stored.id!)
        } else {
            touched.insert(try players.insert(player))
            report.added += 1
        }
        return nil
    }

    // MARK: - Finishing

    /// Tells the progress bar that every record is in, before the long last steps: index builds and the commit.
    func reportFinishing() {
        progress?(ImportProgress(phase: .finishing, records: report.records, bytesRead: bytesBeforeCurrentFile,
                                 totalBytes: totalBytes))
    }

    /// Refuses an import with invalid records (unless they are to be skipped) or a prune that removes too much;
    /// then prunes and fills derived columns.
    mutating func finish() throws {
        if shouldStop() { throw Interrupted() }
        report.unknownFields = unknownFields.sorted()
        if report.problemCount > 0 && (!options.skipInvalid || !report.malformedFiles.isEmpty) {
            throw ImportError.invalidRecords(report)
        }
        if options.prune {
            if report.rejectedRecords > 0 {
                report.pruneSkippedReason = "\(report.rejectedRecords.groupedDigits) records were rejected, so the "
                    + "input is not a complete snapshot"
            } else {
                try prune()
            }
        }
        try players.fillMissingSortNames()
        // The last moment a stop can still roll everything back: COMMIT comes next, and it cannot be interrupted.
        if shouldStop() { throw Interrupted() }
    }

    private mutating func prune() throws {
        var absent: [Int64] = []
        try players.forEachID { id in
            if !touched.contains(id) { absent.append(id) }
        }
        let limit = options.maxPrunePercent
        if !absent.isEmpty, Double(absent.count) * 100 > limit * Double(rosterSizeBefore) {
            throw ImportError.pruneLimitExceeded(
                wouldRemove: absent.count, rosterSize: rosterSizeBefore, limitPercent: limit, report: report)
        }
        for id in absent { try players.delete(id: id) }
        report.removed = absent.count
    }
}
