import CSQLite
import RosterModel
import TestSupport
import Testing

@testable import RosterRepository

/// The API tokens' table (migration 0017) against `TokenName`'s rule: each name is written through the repository,
/// which checks nothing itself, so the schema's CHECK alone decides, and must agree with the rule, edges included.
@Suite struct TokenSchemaTests {
    let folder: TemporaryDirectory
    let database: RosterDatabase

    init() throws {
        folder = try TemporaryDirectory()
        database = try RosterDatabase(path: folder.path("roster.db"), mode: .createIfMissing)
    }

    private static let hash = String(repeating: "ab", count: 32)

    private func schemaAccepts(name: String, hash: String = TokenSchemaTests.hash) throws -> Bool {
        do {
            try database.write(madeBy: "test") { try $0.insertToken(name: name, hash: hash, isReadOnly: false) }
        } catch let error as DatabaseError where error.primaryCode == SQLITE_CONSTRAINT {
            return false
        }
        _ = try database.write(madeBy: "test") { try $0.deleteToken(named: name) }
        return true
    }

    @Test(arguments: [
        "", "a", String(repeating: "n", count: 64), String(repeating: "n", count: 65), "nightly-import_2.0", "a b",
        "é", "a/b", "a\u{0}b", "A-Z.09_",
    ])
    func theSchemaTakesExactlyTheNamesTheRuleTakes(name: String) throws {
        #expect(try schemaAccepts(name: name) == TokenName.isValid(name))
    }

    @Test func aHashIs64LowerCaseHexDigits() throws {
        #expect(try schemaAccepts(name: "a", hash: TokenSchemaTests.hash))
        #expect(try !schemaAccepts(name: "a", hash: String(TokenSchemaTests.hash.dropLast())))
        #expect(try !schemaAccepts(name: "a", hash: TokenSchemaTests.hash.uppercased()))
        #expect(try !schemaAccepts(name: "a", hash: "rdb_" + String(TokenSchemaTests.hash.dropFirst(4))))
    }

    @Test func namesAndHashesAreUniqueAndRevokingTellsWhetherThereWasOne() throws {
        try database.write(madeBy: "test") {
            try $0.insertToken(name: "ci", hash: TokenSchemaTests.hash, isReadOnly: true)
        }
        #expect(try !schemaAccepts(name: "ci", hash: String(repeating: "cd", count: 32)))
        #expect(try !schemaAccepts(name: "other"))
        let stored = try database.read { try $0.token(hash: TokenSchemaTests.hash) }
        #expect(stored?.name == "ci")
        #expect(stored?.isReadOnly == true)
        #expect(try database.read { try $0.hasTokens() })
        #expect(try database.write(madeBy: "test") { try $0.deleteToken(named: "ci") })
        #expect(try !database.write(madeBy: "test") { try $0.deleteToken(named: "ci") })
        #expect(try !database.read { try $0.hasTokens() })
    }
}
