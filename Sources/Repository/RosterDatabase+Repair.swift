import CSQLite
import Glibc
import RosterModel

extension RosterDatabase {
    /// Puts back what another program removed of rosterdb's schema — an index, a trigger, the name search index,
    /// the change counter's row — as this build's migrations make it, in one write transaction; returns what it
    /// restored, in order. An object that is there under its name is left as it is, even when it differs: it may be
    /// the user's own. The search index is filled from the table anew when it or one of its triggers was restored.
    /// Fails, restoring nothing, when an object cannot be made as the roster stands (the unique index on refs over a
    /// ref held twice).
    package func restoreMissingObjects() throws -> [String] {
        let reference = try RosterDatabase.referenceSchema(migrator)
        try reopenIfPublished()
        return try connection.transaction(.immediate) { () throws -> [String] in
            var present: Set<String> = []
            let names = try connection.prepare("SELECT name FROM sqlite_master")
            while try names.step() { present.insert(names.text(at: 0)) }
            var restored: [String] = []
            for object in reference where !present.contains(object.name) {
                do {
                    try connection.execute(object.sql)
                } catch let error as DatabaseError {
                    throw DatabaseError(
                        code: error.code, message: "cannot restore \(object.name): \(error.message)", sql: nil)
                }
                restored.append(object.name)
            }
            // Without its table or one of its triggers, the search index missed or kept writes: it is filled anew.
            if restored.contains(where: { $0.hasPrefix(RosterDatabase.searchIndex) }) {
                try connection.execute(BulkLoad.fillSearchIndex)
            }
            if try connection.prepare(ChangeCounter.readSQL).firstRow({ _ in true }) == nil {
                try ChangeCounter.restore(connection)
                restored.append(ChangeCounter.rowName)
            }
            if try PlayerRepository.restoreHistoryStart(connection) {
                restored.append(PlayerRepository.historyStartName)
            }
            // Without the changes, or the values of then, the roster as it was can be told from now on only.
            if restored.contains(where: PlayerRepository.restartingHistory.contains) {
                try PlayerRepository.restartHistory(connection)
            }
            if connection.fileHasMoved { throw DatabaseOpenError.movedWhileOpen(path: path) }
            return restored
        }
    }

    /// The name search index, a virtual table, whose triggers' names start with its own: made again, it must be
    /// filled.
    static let searchIndex = "players_search"

    /// The objects this build's migrations make, as they make them in an empty database: tables first (the
    /// tables a virtual table keeps its data in come with it), then indexes, then triggers, each in the order made.
    private static func referenceSchema(_ migrator: Migrator) throws -> [(name: String, sql: String)] {
        let memory = try Connection(
            path: ":memory:",
            flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY | SQLITE_OPEN_NOMUTEX)
        try memory.registerFunctions()
        _ = try migrator.migrate(memory, path: ":memory:")
        let objects = try memory.prepare(
            #"""
            SELECT name, sql FROM sqlite_master
            WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\_%' ESCAPE '\'
                AND name NOT IN (SELECT name FROM pragma_table_list WHERE type = 'shadow')
            ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 ELSE 2 END, rowid
            """#)
        var reference: [(name: String, sql: String)] = []
        while try objects.step() { reference.append((objects.text(at: 0), objects.text(at: 1))) }
        return reference
    }
}
