import Glibc
import RosterFormats
import RosterModel

/// A roster's whole history as a file, so that the roster moves to another machine whole: written by
/// `export --history`, restored into an empty roster by `import --history`.
extension Roster {
    /// Writes, with `write`, the history's start, the players there at the start (those whose additions were
    /// forgotten), and then every change kept, in order, as the change feed's lines (`ChangeEncoding`), all read on
    /// one snapshot, one at a time. Returns the number of changes written.
    @discardableResult
    package func exportHistory(_ write: (String) throws -> Void) throws -> Int64 {
        try store.read { players in
            let start = try players.historyStart()
            try write(
                ChangeEncoding.startLine(
                    start, highestID: try players.highestID(), playersAtStart: try players.playersAtHistoryStart()))
            try players.forEachPlayerAtHistoryStart { id, fields in
                if stop.isRaised { throw Interrupted() }
                try write(ChangeEncoding.startPlayerLine(id: id, fields: fields))
            }
            var written: Int64 = 0
            let all = HistoryCriteria(afterNumber: start.firstNumber - 1, throughNumber: start.lastNumber)
            try players.forEachChange(matching: all, limit: nil) { entry in
                if stop.isRaised { throw Interrupted() }
                try write(ChangeEncoding.line(entry))
                written += 1
            }
            return written
        }
    }

    /// Restores the history file `name` (`-`: standard input) into this roster, which must be empty: its players
    /// made change by change and its changes kept with their numbers, times and makers, in one transaction, all or
    /// nothing (with `dryRun`, checked and rolled back). A line that is wrong throws `HistoryFileError`; a roster
    /// that is not empty, `HistoryRestoreError.notEmpty`.
    package func importHistory(_ name: String, standardInput: Int32 = STDIN_FILENO, dryRun: Bool = false) throws
        -> HistoryRestoreReport
    {
        // Said before the file is read: a file whatever its content goes nowhere but into an empty roster.
        try store.read { players in
            let count = try players.count()
            let start = try players.historyStart()
            let changes = start.lastNumber - start.firstNumber + 1
            if count > 0 || changes > 0 || start.firstNumber > 1 {
                throw HistoryRestoreError.notEmpty(players: count, changes: max(changes, 0))
            }
        }
        let input = try InputFile(opening: name, standardInput: standardInput, stop: stop)
        defer { input.finishReading() }
        let source = ByteSource(descriptor: try input.openForReading(), stop: stop)
        var reader = HistoryFileReader(source: source)
        func reading<T>(_ body: () throws -> T) throws -> T {
            do {
                return try body()
            } catch let problem as HistoryFileReader.Problem {
                throw HistoryFileError(file: name, line: problem.line, problem: problem.message)
            } catch let error as ReadError {
                if error.kind == .stopped { throw Interrupted() }
                throw ImportError.unreadable(file: name, reason: error.message)
            }
        }
        let start = try reading { try reader.readStart() }
        return try store.write(commit: !dryRun, madeBy: "import --history \(name)") { players in
            let changes: Int64
            do {
                changes = try players.restoreHistory(
                    since: start.time, firstChange: start.firstNumber, highestID: reader.highestID,
                    startPlayers: {
                        if stop.isRaised { throw Interrupted() }
                        return try reading { try reader.nextStartPlayer() }
                    }
                ) {
                    if stop.isRaised { throw Interrupted() }
                    return try reading { try reader.next() }
                }
            } catch let refusal as HistoryRestoreError {
                // A line the roster cannot take names its line; a roster that is not empty is no fault of the file's.
                guard case .notEmpty = refusal else {
                    throw HistoryFileError(file: name, line: reader.currentLine, problem: refusal.description)
                }
                throw refusal
            }
            return HistoryRestoreReport(start: start, changes: changes, players: try players.count(), dryRun: dryRun)
        }
    }
}
