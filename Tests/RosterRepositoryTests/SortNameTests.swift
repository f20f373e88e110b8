import CSQLite
import RosterModel
import Testing
import TestSupport

@testable import RosterRepository

/// Rows written or renamed by other tools get their folded sort name from rosterdb's next write.
@Suite struct SortNameTests {
    let folder: TemporaryDirectory
    let database: RosterDatabase

    init() throws {
        folder = try TemporaryDirectory()
        database = try RosterDatabase(path: folder.path("roster.db"), mode: .createIfMissing)
    }

    private func sortNames() throws -> [String?] {
        let statement = try database.connection.prepare("SELECT sort_name FROM players ORDER BY id")
        var names: [String?] = []
        while try statement.step() { names.append(statement.optionalText(at: 0)) }
        return names
    }

    @Test func rowsWithoutSortNameAreFilledInBatches() throws {
        try database.connection.execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2500)
            INSERT INTO players (name, position) SELECT 'Ángel ' || i, 'GK' FROM n
            """)
        #expect(try sortNames().allSatisfy { $0 == nil })
        #expect(try database.write { try $0.fillMissingSortNames() } == 2500)
        #expect(try sortNames().first == "angel 1")
        #expect(try sortNames().allSatisfy { $0 != nil })
        var criteria = PlayerCriteria()
        criteria.nameWords = ["angel"]
        #expect(try database.read { try $0.count(matching: criteria) } == 2500)
    }

    @Test func aRenameByAnotherToolIsFoldedAgain() throws {
        try database.write { try $0.insert(Player(name: "Lionel Messi", position: .rightWinger)) }
        try database.connection.execute("UPDATE players SET name = 'Leo Messí' WHERE id = 1")
        #expect(try sortNames() == [nil])
        try database.write { try $0.fillMissingSortNames() }
        #expect(try sortNames() == ["leo messi"])
        // A change of case alone keeps the folded name, and still gets it checked again.
        try database.connection.execute("UPDATE players SET name = 'LEO MESSÍ' WHERE id = 1")
        try database.write { try $0.fillMissingSortNames() }
        #expect(try sortNames() == ["leo messi"])
    }
}
