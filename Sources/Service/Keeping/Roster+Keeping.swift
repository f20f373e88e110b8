import RosterFormats
import RosterModel

/// Keeping single players by hand: `add`, `edit` and `remove`, each one write transaction that takes the write lock
/// as an import does, and validates values by the import's own rules and messages.
extension Roster {
    /// Adds the player `values` describe (fields as a user writes them); refuses one with the name and birth date of
    /// a stored player unless `allowDuplicate`. Returns the player as stored, with its id.
    package func add(_ values: [PlayerField: String], allowDuplicate: Bool = false) throws -> Player {
        try add(Roster.record(values.mapValues(RawValue.cell)), allowDuplicate: allowDuplicate)
    }

    /// Adds the player `record` describes, its fields named as an import's records name them (a JSON object
    /// given as it was read); a field of no player's is refused. Refused too, with nothing written, when the
    /// roster is no longer at a version `expected` names.
    package func add(_ record: RawRecord, allowDuplicate: Bool = false, expected: ExpectedVersion? = nil) throws
        -> Player
    {
        let player = try validated(record, refusingUnknownFields: true)
        return try store.write(madeBy: "add") { players in
            try expected?.check(players, store: store.identity)
            if !allowDuplicate { try Roster.checkIsNoDuplicate(player, in: players) }
            if let id = player.id, try players.player(id: id) != nil {
                throw InvalidPlayer(problems: [
                    Roster.problem(.id, "the id \(id) is taken; leave it out to get the next free one")
                ])
            }
            try Roster.checkRefIsFree(for: player, in: players)
            var stored = player
            stored.id = try players.insert(player)
            return stored
        }
    }

    /// Applies `edit` to the one player `target` names (as `lookUp` reads it, or by id one that another program
    /// stored breaking the rules); returns the player before and after, and the match when `target` was only the
    /// start of their name. The values are checked by the import's
    /// rules, so `after` is any valid player, and a broken stored value that the edit does not replace is refused as
    /// a given one would be. A new name or birth date that another player has too is refused as `add` refuses it,
    /// unless `allowDuplicate`: an import would then find two players by them.
    /// With `expected`, refused with nothing written when the roster is no longer at a version it names.
    package func edit(
        _ target: String, _ edit: PlayerEdit, allowDuplicate: Bool = false, expected: ExpectedVersion? = nil
    ) throws -> (before: FoundPlayer, after: Player, prefix: PrefixMatch?) {
        try store.write(madeBy: "edit") { players in
            try expected?.check(players, store: store.identity)
            let (before, prefix) = try Roster.findToChange(target, in: players, prefixes: .take)
            var values: [PlayerField: RawValue] = [:]
            for field in PlayerField.allCases {
                values[field] = before.text(field).map(RawValue.cell)
            }
            for field in edit.cleared { values[field] = nil }
            for (field, text) in edit.values { values[field] = text }
            // A text that is not UTF-8 cannot be written back as stored: one the edit does not replace is refused.
            let notUTF8 = before.notUTF8.subtracting(edit.cleared).subtracting(edit.values.keys)
            var after: Player
            do {
                after = try validated(Roster.record(values, notUTF8: notUTF8))
            } catch var error as InvalidPlayer {
                if case .unreadable(let id, _, _) = before { error.storedPlayer = id }
                throw error
            }
            for (field, amount) in edit.increments.sorted(by: { $0.key < $1.key }) {
                after[field] = .integer(try Roster.added(amount, to: after[field], field: field))
            }
            // A player that could not be read is written even when its text is the same (a count stored as text).
            if after != before.player {
                // Compared as stored: a player that could not be read has its name and birth date as text.
                let sameIdentity =
                    NameFolding.fold(before.text(.name) ?? "") == after.sortName
                    && before.text(.birthDate) == after.birthDate?.description
                if !allowDuplicate && !sameIdentity { try Roster.checkIsNoDuplicate(after, in: players) }
                try Roster.checkRefIsFree(for: after, in: players)
                try players.update(after)
            }
            return (before, after, prefix)
        }
    }

    /// Removes the players `targets` name, all or none: one that names no player, or several, fails the whole call,
    /// as does one that is only the start of a player's name unless `prefixes` is `.take`; one named by id goes also
    /// when another program stored it breaking the rules. With `dryRun`, nothing is removed. Returns them, each once,
    /// in the order named, and the matches of the targets that were only the start of a name.
    /// With `expected`, refused when the roster is no longer at a version it names.
    package func remove(
        _ targets: [String], dryRun: Bool = false, prefixes: PrefixUse = .refuse, expected: ExpectedVersion? = nil
    ) throws -> (removed: [FoundPlayer], prefixes: [PrefixMatch]) {
        try store.write(commit: !dryRun, madeBy: "remove") { players in
            try expected?.check(players, store: store.identity)
            // Every name is looked up before anything goes, so that naming a player twice removes it once.
            var removed: [FoundPlayer] = []
            var matches: [PrefixMatch] = []
            for target in targets {
                let (player, prefix) = try Roster.findToChange(target, in: players, prefixes: prefixes)
                if let prefix { matches.append(prefix) }
                if !removed.contains(where: { $0.id == player.id }) { removed.append(player) }
            }
            for player in removed { try players.delete(id: player.id) }
            return (removed, matches)
        }
    }

    // MARK: - Helpers

    /// The one player `target` names, as `find` reads it (refusing a prefix of a name unless `prefixes` is `.take`),
    /// and the match when it was one; when `target` is an id and that player's stored values
    /// break rosterdb's rules, the values as stored, so that `edit` can correct it and `remove` remove it.
    private static func findToChange(_ target: String, in players: some PlayerReading, prefixes: PrefixUse) throws
        -> (player: FoundPlayer, prefix: PrefixMatch?)
    {
        do {
            let (player, prefix) = try find(target, in: players, prefixes: prefixes)
            return (.readable(player), prefix)
        } catch let error as any StorageError {
            guard let problem = error.unreadableValue, let digits = idText(target), Int64(digits) == problem.player,
                let texts = try players.storedTexts(id: problem.player)
            else { throw error }
            // Every broken value, not only the one that stopped the read: a correction names all it corrects.
            let broken = try players.unreadableValues(id: problem.player).map(\.description)
            let player = FoundPlayer.unreadable(
                id: problem.player, texts: texts,
                problem: broken.isEmpty ? problem.description : broken.joined(separator: "; "))
            return (player, nil)
        }
    }

    /// The record of `values`, one field each, in the order of the fields; the fields of `notUTF8` hold text shown
    /// with its bytes (`C\xC3`) that no record can give, and are refused.
    private static func record(_ values: [PlayerField: RawValue], notUTF8: Set<PlayerField> = []) -> RawRecord {
        let fields = PlayerField.allCases.enumerated().compactMap { offset, field in
            values[field].map { given in
                var value = given
                if notUTF8.contains(field), case .cell(let text) = given {
                    value = .refused(given, reason: "'\(text)', which another program stored, is not UTF-8 text")
                }
                return RawField(name: field.name, value: value, location: SourceLocation(line: 1, column: offset + 1))
            }
        }
        return RawRecord(number: 1, location: SourceLocation(line: 1, column: 1), fields: fields)
    }

    /// The player `record` describes, checked as an import record; a field no player has is a problem too when
    /// `refusingUnknownFields` (a record an import would read with it left out).
    private func validated(_ record: RawRecord, refusingUnknownFields: Bool = false) throws -> Player {
        var validator = RecordValidator(latestBirthDate: .latestToday(), file: "")
        var unknown = Set<String>()
        let validated = validator.validate(record, unknown: &unknown)
        let unknownProblems =
            refusingUnknownFields
            ? record.fields.filter { unknown.contains($0.name) }.map { field in
                RecordProblem(
                    file: "", record: nil, location: field.location, field: field.name,
                    value: RecordValidator.display(field.value),
                    message: "is no field of a player's; the fields are "
                        + PlayerField.allCases.map(\.name).joined(separator: ", "))
            } : []
        switch validated {
        case .valid(let player, _) where unknownProblems.isEmpty: return player
        case .valid: throw InvalidPlayer(problems: unknownProblems)
        case .invalid(let problems): throw InvalidPlayer(problems: problems + unknownProblems)
        }
    }

    /// Refuses `player` when another player has its name (ignoring case and accents) and birth date.
    private static func checkIsNoDuplicate(_ player: Player, in players: some PlayerReading) throws {
        let existing = try players.players(sortName: player.sortName, birthDate: player.birthDate, excluding: player.id)
        if !existing.isEmpty { throw DuplicatePlayer(existing: existing) }
    }

    /// Refuses a player whose ref another player holds: a ref names one player.
    private static func checkRefIsFree(for player: Player, in players: some PlayerReading) throws {
        guard let ref = player.ref, let holder = try players.ids(ofRef: ref).first(where: { $0 != player.id }) else {
            return
        }
        throw InvalidPlayer(problems: [problem(.ref, "the ref '\(ref)' belongs to another player (id \(holder))")])
    }

    /// `value + amount` for a count, refused outside the count's range.
    private static func added(_ amount: Int, to value: FieldValue?, field: PlayerField) throws -> Int64 {
        guard case .integer(let current) = value, let range = field.rule.range else {
            preconditionFailure("\(field.name) is not a count")
        }
        let (sum, overflow) = current.addingReportingOverflow(Int64(amount))
        guard !overflow, range.contains(sum) else {
            let bound = amount < 0 ? "below \(range.lowerBound)" : "above \(range.upperBound.groupedDigits)"
            throw InvalidPlayer(problems: [
                problem(
                    field,
                    "\(current.groupedDigits) \(amount < 0 ? "-" : "+") \(amount.magnitude.groupedDigits) "
                        + "would be \(bound)")
            ])
        }
        return sum
    }

    private static func problem(_ field: PlayerField, _ message: String) -> RecordProblem {
        RecordProblem(
            file: "", record: nil, location: SourceLocation(line: 1, column: 1), field: field.name, message: message)
    }
}
