import CSQLite
import RosterModel

/// The players table: maps rows to `Player` and back. Every value is bound, never spliced into SQL.
public final class PlayerRepository {
    let connection: Connection
    /// Indexes and triggers dropped for a bulk load, to be created again when it ends.
    var suspendedSchema: [SchemaObject] = []
    /// Statements that run once per import record, prepared on first use and kept, by `PreparedSQL` ordinal.
    private var prepared = [Statement?](repeating: nil, count: PreparedSQL.allCases.count)

    init(connection: Connection) {
        self.connection = connection
    }

    /// The columns a `Player` is read from, in `player(from:)`'s order.
    static let playerColumns = "id, name, position, goals, assists, nationality, birth_date, image"

    /// The statements kept prepared.
    enum PreparedSQL: Int, CaseIterable {
        case count, playerByID, insert, update, identityMatches, fillSortName, delete

        var sql: String {
            switch self {
            case .count: "SELECT count(*) FROM players"
            case .playerByID: "SELECT \(playerColumns) FROM players WHERE id = ?"
            case .insert:
                """
                INSERT INTO players (id, name, position, goals, assists, nationality, birth_date, image, sort_name)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
            case .update:
                """
                UPDATE players SET id = ?1, name = ?2, position = ?3, goals = ?4, assists = ?5, nationality = ?6,
                    birth_date = ?7, image = ?8, sort_name = ?9
                WHERE id = ?1
                """
            case .identityMatches:
                "SELECT \(playerColumns) FROM players WHERE name = ? AND birth_date IS ? ORDER BY id"
            case .fillSortName: "UPDATE players SET sort_name = ? WHERE id = ?"
            case .delete: "DELETE FROM players WHERE id = ?"
            }
        }
    }

    /// The kept statement for `key`, reset and unbound.
    func statement(_ key: PreparedSQL) throws -> Statement {
        if let statement = prepared[key.rawValue] {
            statement.reset()
            return statement
        }
        let statement = try connection.prepare(key.sql)
        prepared[key.rawValue] = statement
        return statement
    }

    // MARK: - Reading

    /// The number of players.
    public func count() throws -> Int {
        try statement(.count).firstRow { $0.int(at: 0) } ?? 0
    }

    /// The player with `id`, if any.
    public func player(id: Int64) throws -> Player? {
        let statement = try statement(.playerByID)
        try statement.bind(id, at: 1)
        return try statement.firstRow { try player(from: $0) }
    }

    /// Calls `body` with every player in id order, one row at a time.
    public func forEachPlayer(_ body: (Player) throws -> Void) throws {
        let statement = try connection.prepare("SELECT \(Self.playerColumns) FROM players ORDER BY id")
        while try statement.step() {
            try body(try player(from: statement))
        }
    }

    // MARK: - Writing

    /// Inserts `player`, with its id when it has one; returns the id.
    @discardableResult
    public func insert(_ player: Player) throws -> Int64 {
        let statement = try statement(.insert)
        try bind(player, to: statement)
        try statement.run()
        return connection.lastInsertedRowID
    }

    /// Overwrites the stored player that has `player.id`.
    public func update(_ player: Player) throws {
        precondition(player.id != nil, "update needs a player with an id")
        let statement = try statement(.update)
        try bind(player, to: statement)
        try statement.run()
    }

    /// Fills `sort_name` where it is missing (rows written by other tools, or renamed by them); returns how many.
    /// Works in batches, so memory stays flat however many rows another tool wrote.
    @discardableResult
    public func fillMissingSortNames() throws -> Int {
        let missing = try connection.prepare("SELECT id, name FROM players WHERE sort_name IS NULL LIMIT 1000")
        var filled = 0
        while true {
            missing.reset()
            var batch: [(id: Int64, name: String)] = []
            while try missing.step() { batch.append((missing.int64(at: 0), missing.text(at: 1))) }
            if batch.isEmpty { return filled }
            let fill = try statement(.fillSortName)
            for row in batch {
                fill.reset()
                try fill.bind(NameFolding.fold(row.name), at: 1)
                try fill.bind(row.id, at: 2)
                try fill.run()
            }
            filled += batch.count
        }
    }

    /// Runs an SQL script of the package's own (the sample roster), never text from a user.
    public func runScript(_ sql: String) throws {
        try connection.execute(sql)
    }

    // MARK: - Mapping

    private func bind(_ player: Player, to statement: Statement) throws {
        try statement.bind(player.id, at: 1)
        try statement.bind(player.name, at: 2)
        try statement.bind(player.position.code, at: 3)
        try statement.bind(player.goals, at: 4)
        try statement.bind(player.assists, at: 5)
        try statement.bind(player.nationality, at: 6)
        try statement.bind(player.birthDate?.description, at: 7)
        try statement.bind(player.image, at: 8)
        try statement.bind(player.sortName, at: 9)
    }

    /// The player in the statement's current row, whose first columns are `playerColumns`.
    func player(from statement: Statement) throws -> Player {
        let positionCode = statement.text(at: 2)
        let birthText = statement.optionalText(at: 6)
        guard let position = Position(rawValue: positionCode) else {
            throw DatabaseError(
                code: SQLITE_CORRUPT, message: "unknown position '\(positionCode)' in players", sql: statement.sql)
        }
        let birthDate = try birthText.map { text in
            guard let date = CalendarDate(iso: text) else {
                throw DatabaseError(
                    code: SQLITE_CORRUPT, message: "invalid birth_date '\(text)' in players", sql: statement.sql)
            }
            return date
        }
        return Player(
            id: statement.int64(at: 0), name: statement.text(at: 1), position: position,
            goals: statement.int(at: 3), assists: statement.int(at: 4), nationality: statement.optionalText(at: 5),
            birthDate: birthDate, image: statement.optionalText(at: 7))
    }
}

extension PlayerRepository {
    /// The players whose `sort_name` is exactly `sortName`, in id order.
    public func players(sortName: String) throws -> [Player] {
        let statement = try connection.prepare(
            "SELECT \(Self.playerColumns) FROM players WHERE sort_name = ? ORDER BY id")
        try statement.bind(sortName, at: 1)
        var found: [Player] = []
        while try statement.step() { found.append(try player(from: statement)) }
        return found
    }
}

// MARK: - Import

extension PlayerRepository {
    /// The players an import record without id stands for: same name and same birth date (both unknown counts
    /// as the same), as written.
    public func players(name: String, birthDate: CalendarDate?) throws -> [Player] {
        try restoreSuspended(Self.identityIndex)
        let statement = try statement(.identityMatches)
        try statement.bind(name, at: 1)
        try statement.bind(birthDate?.description, at: 2)
        var found: [Player] = []
        while try statement.step() { found.append(try player(from: statement)) }
        return found
    }

    /// Calls `body` with every id, in order.
    public func forEachID(_ body: (Int64) throws -> Void) throws {
        let statement = try connection.prepare("SELECT id FROM players ORDER BY id")
        while try statement.step() { try body(statement.int64(at: 0)) }
    }

    public func delete(id: Int64) throws {
        let statement = try statement(.delete)
        try statement.bind(id, at: 1)
        try statement.run()
    }
}
