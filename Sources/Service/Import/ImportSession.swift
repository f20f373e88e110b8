import RosterFormats
import RosterModel

/// One import inside its write transaction: reads every input, validates each record, writes it, and keeps the
/// tallies. Any error it throws rolls the whole import back.
struct ImportSession {
    let store: any PlayerStore
    let options: ImportOptions
    /// Where the players this import changes are noted, when the caller wants them listed.
    let changes: (any ChangeList)?
    private(set) var report: ImportReport
    /// The ids this import wrote or confirmed.
    private var touched = TouchedPlayers()
    /// The ids this import gave to records without one: such a player may move to another id when a later record
    /// names its id, so that whether an import is accepted never depends on the order of its records.
    private var assigned = TouchedPlayers()
    /// With `--same-player last`: the players this import added, and those it changed with what they were before,
    /// so that a later record of one makes its one change again from where it started.
    private var addedHere = TouchedPlayers()
    private var originals: [Int64: Player] = [:]
    private var unknownFields = Set<String>()
    /// Whether the roster had no player when the import began.
    private let rosterWasEmpty: Bool
    /// The players the roster had then, counted only for a prune, whose limit is a share of them: a count reads
    /// every row, which costs an import of a few records into a large roster more than its records.
    private let rosterSizeBefore: Int
    private let progress: ((ImportProgress) -> Void)?
    private let stop: StopSignal
    private var bytesBeforeCurrentFile = 0
    private let totalBytes: Int?

    /// Progress is reported after every this many records.
    private static let progressInterval = 4_096

    init(
        store: any PlayerStore, options: ImportOptions, inputs: [InputFile], changes: (any ChangeList)?,
        progress: ((ImportProgress) -> Void)?, stop: StopSignal
    ) throws {
        self.store = store
        self.options = options
        self.changes = changes
        self.progress = progress
        self.stop = stop
        report = ImportReport(files: inputs.map(\.name))
        report.dryRun = options.dryRun
        // Said by every report, a refused import's too.
        report.prune.requested = options.prune
        report.prune.limitPercent = options.maxPrunePercent
        rosterWasEmpty = try store.isEmpty()
        rosterSizeBefore = options.prune && !rosterWasEmpty ? try store.count() : 0
        let sizes = inputs.map(\.size)
        totalBytes = sizes.contains { $0 == nil } ? nil : sizes.reduce(0) { $0 + ($1 ?? 0) }
    }

    // MARK: - Reading

    mutating func read(_ input: InputFile) throws {
        defer { input.finishReading() }
        let source = ByteSource(descriptor: try input.openForReading(), stop: stop)
        // Records inside an object (`--records squad`) are JSON, whatever the name or the first byte says.
        var format = options.records.isEmpty ? options.format : .json
        if format == nil {
            // The content decides where the name says nothing, and must not contradict the name where it does.
            let firstByte: UInt8?
            do throws(ReadError) {
                firstByte = try source.firstNonBlankByte()
            } catch {
                if error.kind == .stopped { throw Interrupted() }
                throw ImportError.unreadable(file: input.name, reason: error.message)
            }
            let named = InputFormat(fileName: input.name)
            if let contradiction = named?.contradiction(firstNonBlankByte: firstByte) {
                report.record(
                    RecordProblem(
                        file: input.name, record: nil, location: SourceLocation(line: 1, column: 1),
                        message: contradiction))
                report.malformedFiles.append(input.name)
                return
            }
            format = named ?? InputFormat(sniffing: firstByte)
        }
        let mapping = options.mapping
        let requiresWholePlayers = options.only == nil
        // A CSV header names its columns before any row: a mapping that names others is refused then.
        let headerRefusal = HeaderRefusal()
        let reader = makeRecordReader(
            format ?? .csv, source: source, delimiter: (options.delimiter ?? .implied(by: input.name)).byte,
            paths: JSONPaths(records: options.records, reading: mapping.columns + mapping.rowFilters.map(\.column))
        ) { columns in
            let absent = mapping.missingColumns(in: columns)
            if !absent.isEmpty {
                headerRefusal.refusal = .missingColumns(
                    file: input.name, missing: absent, found: columns, options: mapping.options(naming: absent))
                return "the header lacks the columns the mapping names"
            }
            let unmapped = requiresWholePlayers ? mapping.absentRequiredFields(columns) : []
            if !unmapped.isEmpty {
                headerRefusal.refusal = .unmappedFields(
                    file: input.name, fields: unmapped, columns: columns,
                    suggestions: mapping.suggestions(for: columns))
                return "the header has no column for fields every record needs"
            }
            return mapping.headerProblem(columns, requiresWholePlayers: requiresWholePlayers)
        }
        // Into an empty roster every record is written: its names are folded on the reading thread.
        let pipeline = RecordPipeline(
            reader: reader, mapping: mapping, foldsNames: rosterWasEmpty,
            validator: RecordValidator(
                latestBirthDate: options.latestBirthDate, file: input.name, dateFormat: options.dateFormat,
                requiresWholePlayers: requiresWholePlayers))
        var finished = false
        defer { if !finished { _ = pipeline.finish() } }
        defer { store.endWalk() }
        var bytesRead = 0
        while var batch = pipeline.next() {
            while let item = batch.takeNext() {
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
                        RecordProblem(
                            file: input.name, record: error.recordNumber, location: error.location,
                            message: error.message))
                    // The rest of a malformed file is lost, so it can never be imported in part.
                    if !error.isRecoverable { report.malformedFiles.append(input.name) }
                    continue
                case .skipped:
                    report.skippedRecords += 1
                    continue
                case .invalid(let problems):
                    report.records += 1
                    report.rejectedRecords += 1
                    problems.forEach { report.record($0) }
                case .valid(let number, let location, let row, let given):
                    report.records += 1
                    let place = (file: input.name, record: number, location: location)
                    let problem: RecordProblem?
                    do {
                        problem = try write(row, given: given, from: place)
                    } catch let error as any StorageError where error.category == .failure {
                        // Not the roster as a whole (busy, full, interrupted) but this record's write.
                        throw ImportError.recordNotWritten(
                            RecordProblem(file: input.name, record: number, location: location, message: "\(error)"),
                            category: error.category)
                    }
                    if let problem {
                        report.rejectedRecords += 1
                        report.record(problem)
                    }
                }
                if report.records % ImportSession.progressInterval == 0 {
                    // Records that never reach SQLite (all invalid) must not delay a stop.
                    if stop.isRaised { throw Interrupted() }
                    progress?(
                        ImportProgress(
                            records: report.records, bytesRead: bytesBeforeCurrentFile + bytesRead,
                            totalBytes: totalBytes))
                }
            }
            // Nothing stays open on the table between batches: the next may run a statement that an open one blocks.
            store.endWalk()
            bytesRead = batch.bytesRead
            if let refusal = headerRefusal.refusal { throw refusal }
        }
        bytesBeforeCurrentFile += bytesRead
        finished = true
        let (unknown, seen) = pipeline.finish()
        unknownFields.formUnion(unknown)
        // Records without a header: a key the mapping names that no record had is a mistake in the mapping; when no
        // record could be read at all, the file's own problems say what is wrong.
        if format != .csv, !mapping.isIdentity, !seen.isEmpty {
            let absent = mapping.missingColumns(in: Array(seen))
            if !absent.isEmpty {
                throw ImportError.missingColumns(
                    file: input.name, missing: absent, found: seen.sorted(), options: mapping.options(naming: absent))
            }
        }
    }

    // MARK: - Writing

    /// Adds, updates or confirms the player; returns the problem when the record cannot be applied.
    ///
    /// Identity, in order: the record's id; else its ref, the provider's key; else the folded name and the birth date
    /// (`Muller` born on a day is `Müller` born that day), among players whose ref does not say they are another.
    /// With `--match ref`, the ref alone. With `--only`, a stored player takes only the named fields the record
    /// gives; a record that is no stored player is added when it gives a name and a position.
    private mutating func write(
        _ row: PlayerRow, given: PlayerFieldSet, from place: (file: String, record: Int, location: SourceLocation)
    ) throws -> RecordProblem? {
        func problem(_ message: String) -> RecordProblem {
            RecordProblem(file: place.file, record: place.record, location: place.location, message: message)
        }
        /// A record of a player an earlier one named: a problem, or ignored, as `--same-player` says; nil when it
        /// is taken (`last`).
        func again(_ message: String) -> RecordProblem?? {
            switch options.samePlayer {
            case .refuse: return problem(message + " (--same-player first keeps the first, last the last)")
            case .first:
                report.samePlayerRecords += 1
                return .some(nil)
            case .last:
                repeated = true
                return nil
            }
        }
        var repeated = false
        var player = row.player
        if options.match == .ref {
            guard player.ref != nil else { return problem("the record has no ref, by which --match ref finds players") }
            player.id = nil
        }
        let stored: Player?
        // Known to hold the record's values already, when compared where the row lies.
        var storedIsSame = false
        if let id = player.id {
            if assigned.contains(id) {
                // A player added earlier in this import without an id holds this id: it moves to a free one.
                let newID = try store.nextFreeID()
                try store.renumber(id, to: newID)
                try changes?.renumber(id, to: newID)
                for set in [\ImportSession.assigned, \ImportSession.touched] {
                    self[keyPath: set].remove(id)
                    self[keyPath: set].insert(newID)
                }
            }
            if touched.contains(id),
                let outcome = again("the same player (id \(id)) is already in this import, in an earlier record")
            {
                return outcome
            }
            // In a roster that was empty when the import began, a player not yet touched cannot be stored.
            if rosterWasEmpty && !touched.contains(id) {
                stored = nil
            } else {
                // Compared where the row lies: the player is read only when it differs.
                switch try store.storedPlayer(comparedWith: player, id: id) {
                case .absent: stored = nil
                case .same:
                    stored = player
                    storedIsSame = true
                case .other(let other): stored = other
                }
            }
        } else if let ref = player.ref, let byRef = try store.player(ref: ref) {
            if touched.contains(byRef.id!),
                let outcome = again("the same player (ref '\(ref)') is already in this import, in an earlier record")
            {
                return outcome
            }
            stored = byRef
        } else if options.match == .ref || !given.contains(.name) {
            stored = nil
        } else {
            let matches = try store.players(sortName: row.sortName, birthDate: player.birthDate)
                .filter { $0.ref == nil || player.ref == nil || $0.ref == player.ref }
            guard matches.count <= 1 else {
                let ids = matches.compactMap(\.id).map(String.init).joined(separator: ", ")
                return problem(
                    "matches \(matches.count) players with this name and birth date (ids \(ids)); give an id or a ref "
                        + "to say which")
            }
            stored = matches.first
            // Named the way the record names the player: an id the record never gave would mean nothing to its
            // author.
            if let id = stored?.id, touched.contains(id),
                let outcome = again(
                    "a player with this name and birth date is already in this import, in an earlier record")
            {
                return outcome
            }
        }
        player.id = stored?.id ?? player.id
        if let only = options.only {
            if var merged = stored {
                for field in only where given.contains(field) { merged[field] = player[field] }
                player = merged
            } else if !given.contains(.name) || !given.contains(.position) {
                let which = player.ref.map { "has the ref '\($0)'" } ?? "matches the record"
                return problem(
                    "no player in the roster \(which), and a new player needs a name and a position, which the record "
                        + "lacks (--only updates the players that exist)")
            }
        }
        // A ref names one player: a record that gives another player's ref contradicts itself.
        if let ref = player.ref, stored?.ref != ref, let holder = try store.player(ref: ref), holder.id != player.id {
            return problem("the ref '\(ref)' belongs to another player (id \(holder.id!))")
        }
        if let stored, repeated {
            report.samePlayerRecords += 1
            if !storedIsSame && stored != player { try store.update(player, from: stored) }
            try changeAgain(player, from: stored)
        } else if let stored {
            if storedIsSame || stored == player {
                report.unchanged += 1
            } else {
                try store.update(player, from: stored)
                try note(.updated, from: stored, to: player)
                report.updated += 1
                if options.samePlayer == .last { originals[stored.id!] = stored }
            }
            touched.insert(stored.id!)
        } else {
            let givenID = player.id != nil
            // A new player is the row as read (only a stored player's id is ever taken over), but for an id that
            // --match ref does not read.
            let id = try store.insert(player.id == row.player.id ? row : PlayerRow(player))
            player.id = id
            try note(.added, from: nil, to: player)
            touched.insert(id)
            if !givenID { assigned.insert(id) }
            if options.samePlayer == .last { addedHere.insert(id) }
            report.added += 1
        }
        return nil
    }

    /// Notes a change for `--changes`: the fields whose values differ, each as `[before, after]`.
    private func note(_ change: ChangeKind, from before: Player?, to after: Player?) throws {
        guard let changes else { return }
        try changes.record(ImportSession.change(change, from: before, to: after))
    }

    private static func change(_ change: ChangeKind, from before: Player?, to after: Player?) -> PlayerChange {
        let player = (after ?? before)!
        return PlayerChange(
            change: change, id: player.id!, ref: player.ref, name: player.name,
            fields: ChangeEncoding.fieldsObject(FieldChange.between(before, after)))
    }

    /// A later record of a player this import has written (`--same-player last`) makes the player `player`, who
    /// was `stored` a moment ago: the player's one change, and the counts, go from what the player was before the
    /// import to `player`.
    private mutating func changeAgain(_ player: Player, from stored: Player) throws {
        let id = player.id!
        if addedHere.contains(id) {
            try changes?.replace(id, with: ImportSession.change(.added, from: nil, to: player))
            return
        }
        let wasChanged = originals[id] != nil
        let original = originals[id] ?? stored
        let isChanged = original != player
        originals[id] = isChanged ? original : nil
        try changes?.replace(id, with: isChanged ? ImportSession.change(.updated, from: original, to: player) : nil)
        switch (wasChanged, isChanged) {
        case (false, true): (report.unchanged, report.updated) = (report.unchanged - 1, report.updated + 1)
        case (true, false): (report.unchanged, report.updated) = (report.unchanged + 1, report.updated - 1)
        default: break
        }
    }

    // MARK: - Finishing

    /// Refuses an import with invalid records (unless they are to be skipped) or a prune that removes too much;
    /// then prunes.
    mutating func finish() throws {
        if stop.isRaised { throw Interrupted() }
        report.unknownFields = RecordValidator.distinct(fieldNames: unknownFields)
        if report.problemCount > 0 && (!options.skipInvalid || !report.malformedFiles.isEmpty) {
            report.status = report.malformedFiles.isEmpty ? .refusedInvalid : .refusedMalformed
            throw ImportError.invalidRecords(report)
        }
        if options.prune { try prune() }
        // The last moment a stop can still roll everything back: COMMIT comes next, and it cannot be interrupted.
        if stop.isRaised { throw Interrupted() }
    }

    /// Removes the players the input did not name — unless records were rejected, which makes the input no
    /// complete snapshot, or more would go than `--max-prune` allows, which refuses the whole import.
    private mutating func prune() throws {
        var absent: [Int64] = []
        try store.forEachID { id in
            if !touched.contains(id) { absent.append(id) }
        }
        report.prune.requested = true
        report.prune.wouldRemove = absent.count
        report.prune.rosterBefore = rosterSizeBefore
        report.prune.limitPercent = options.maxPrunePercent
        if report.rejectedRecords > 0 {
            report.prune.skippedReason = .rejectedRecords
            return
        }
        if !absent.isEmpty, Double(absent.count) * 100 > options.maxPrunePercent * Double(rosterSizeBefore) {
            report.prune.skippedReason = .overLimit
            report.status = .refusedPrune
            throw ImportError.pruneLimitExceeded(report)
        }
        for id in absent {
            if changes != nil, let player = try store.player(id: id) { try note(.removed, from: player, to: nil) }
            try store.delete(id: id)
        }
        report.prune.performed = !absent.isEmpty
        report.removed = absent.count
    }
}

/// The columns a mapping names that a CSV header lacks, as the reading thread found them.
private final class HeaderRefusal: @unchecked Sendable {
    // Written once by the reading thread before it hands over the batch that reports the header; read after.
    var refusal: ImportError?
}
