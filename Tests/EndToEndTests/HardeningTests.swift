import CSQLite
import Foundation
import RosterModel
import TestSupport
import Testing

@testable import RosterRepository

/// Cases a hostile tester found, each run through the built binary: what a user types, what they get.
@Suite struct HardeningTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    @discardableResult
    private func run(_ arguments: [String], stdin: String = "") throws -> RosterProcess.Result {
        try RosterProcess.run(
            arguments, in: folder.url, stdin: Data(stdin.utf8), environment: ["ROSTERDB_DB": "roster.db"])
    }

    private func sample() throws {
        #expect(try run(["init", "--sample"]).status == 0)
    }

    /// Rows another tool writes: reads see them folded, before and without any write by rosterdb.
    @Test func rowsOfAnotherToolAreFoundSortedAndShownAtOnce() throws {
        try sample()
        do {
            let other = try Connection(path: folder.path("roster.db"), flags: SQLITE_OPEN_READWRITE)
            try other.execute(
                "INSERT INTO players (name, position, nationality) VALUES ('Ádám Szalai', 'ST', 'HUNGARY')")
        }
        let found = try run(["query", "--name", "adam szal", "--format", "ndjson"])
        #expect(found.stdout.contains("\"Ádám Szalai\""), "\(found.stderr)")
        #expect(try run(["query", "--nationality", "hungary", "--format", "csv"]).stdout.contains("Ádám Szalai"))
        #expect(try run(["show", "ADAM SZALAI"]).stdout.hasPrefix("Ádám Szalai\n"))
        // In name order, among the A's, not before every other name as an unfolded row would sort.
        let names = try run(["query", "--all", "--format", "ndjson"]).stdout.split(separator: "\n").map { line in
            String(line.split(separator: "\"name\":\"")[1].prefix { $0 != "\"" })
        }
        #expect(names.contains("Ádám Szalai"))
        #expect(names == names.sorted { NameFolding.fold($0) < NameFolding.fold($1) })
    }

    /// A user's own audit trigger sees every row of a load into an empty roster.
    @Test func aUsersAuditTriggerSeesEveryRowOfABulkLoad() throws {
        #expect(try run(["init"]).status == 0)
        do {
            let other = try Connection(path: folder.path("roster.db"), flags: SQLITE_OPEN_READWRITE)
            try other.execute(
                """
                CREATE TABLE audit (player_id INTEGER);
                CREATE TRIGGER audit_insert AFTER INSERT ON players BEGIN INSERT INTO audit VALUES (new.id); END;
                CREATE INDEX "we""ird" ON players (assists);
                """)
        }
        let feed = (1...50).map { #"{"name": "P\#($0)", "position": "GK"}"# }.joined(separator: "\n")
        #expect(try run(["import", "--format", "ndjson", "-"], stdin: feed).status == 0)
        let connection = try Connection(path: folder.path("roster.db"), flags: SQLITE_OPEN_READONLY)
        let audited = try connection.prepare("SELECT count(*) FROM audit")
        #expect(try audited.firstRow { $0.int(at: 0) } == 50)
    }

    /// Someone not yet born on the as-of day has no age and matches no age filter.
    @Test func noAgeBeforeBirth() throws {
        try sample()
        let young = try run(["query", "--as-of", "1930-07-13", "--max-age", "18", "--format", "json"])
        #expect(young.stdout.contains("\"total\":0,"), "\(young.stdout)")
        let shown = try run(["show", "Kylian Mbappé", "--as-of", "1990-01-01", "--format", "json"])
        #expect(shown.stdout.contains("\"age\":null"))
        let table = try run(["show", "Kylian Mbappé", "--as-of", "1990-01-01"])
        #expect(table.stdout.contains("Born:               1998-12-20\n"))
    }

    @Test func nationalitiesMatchIgnoringCaseAndAccents() throws {
        try run(["init"])
        try folder.write(
            #"[{"name": "Didier Drogba", "position": "ST", "nationality": "Côte d'Ivoire"}, "#
                + #"{"name": "Arda Güler", "position": "AM", "nationality": "Türkiye"}]"#, to: "f.json")
        #expect(try run(["import", "f.json"]).status == 0)
        for spelling in ["CÔTE D'IVOIRE", "cote d'ivoire", "Cote d'Ivoire"] {
            #expect(try run(["query", "--nationality", spelling, "--format", "ndjson"]).stdout.contains("Drogba"))
        }
        #expect(try run(["query", "--nationality", "TÜRKIYE", "--format", "ndjson"]).stdout.contains("Güler"))
        // Repeated, any of them matches.
        let both = try run(["query", "--nationality", "turkiye", "--nationality", "cote d'ivoire", "--format", "json"])
        #expect(both.stdout.contains("\"total\":2,"))
    }

    @Test func anOptionThatTakesOneValueGivenTwiceIsAUsageError() throws {
        try sample()
        let twice = try run(["query", "--min-goals", "5", "--min-goals", "9"])
        #expect(twice.status == 64)
        #expect(twice.stderr.hasPrefix("Error: '--min-goals <n>' was given more than once; it takes one value.\n"))
        #expect(
            try run(["query", "--name", "mbap", "--name", "kane", "--format", "json"]).stdout
                .contains("\"total\":2,"))
    }

    @Test func aNameNeedsAVisibleCharacter() throws {
        try sample()
        for name in ["\u{200B}", "\u{3164}", "\u{2800}", "\u{200B}\u{3164} \u{2800}"] {
            let result = try run(
                ["import", "--format", "ndjson", "-"], stdin: #"{"name": "\#(name)", "position": "GK"}"#)
            #expect(result.status == 65)
            #expect(result.stderr.contains("name: has no visible character, only invisible ones"))
        }
    }

    @Test func idsStayWithinTheRangeEveryReaderKeepsExactly() throws {
        try run(["init"])
        let huge = try run(
            ["import", "--format", "ndjson", "-"],
            stdin: #"{"id": 9223372036854775807, "name": "A", "position": "GK"}"#)
        #expect(huge.status == 65)
        #expect(huge.stderr.contains("id: must be at most 9,007,199,254,740,991, got 9223372036854775807"))
        #expect(
            try run(
                ["import", "--format", "ndjson", "-"],
                stdin: #"{"id": 9007199254740991, "name": "A", "position": "GK"}"#
            ).status == 0)
        // No id is left to give: every one below may have been given before, and an id is never given twice.
        let next = try run(["import", "--format", "ndjson", "-"], stdin: #"{"name": "B", "position": "GK"}"#)
        #expect(next.status == 1)
        #expect(next.stderr.contains("every player id up to 9,007,199,254,740,991 has been given"), "\(next.stderr)")
        let ids = try run(["export", "--format", "csv"]).stdout.split(separator: "\n").dropFirst()
            .map { $0.split(separator: ",")[0] }
        #expect(ids == ["9007199254740991"])
    }

    @Test func messagesNameTheValueAndTheExpectedForm() throws {
        try run(["init"])
        try folder.write(
            "name,position,birth_date\nA,GK,1990-01-02T00:00:00\nB,GK, 1990-01-02\nC,wizard,\n", to: "f.csv")
        let result = try run(["import", "f.csv"])
        #expect(result.status == 65)
        #expect(
            result.stderr.contains(
                "f.csv:2:6: record 1: birth_date: expected a date written yyyy-MM-dd, got '1990-01-02T00:00:00'"))
        #expect(result.stderr.contains("f.csv:4:3: record 3: position: unknown position 'wizard'; accepted: GK"))
        #expect(result.stderr.contains("2 of 3 records are invalid"))
        let asOf = try run(["query", "--as-of", "2026-13-01"])
        #expect(asOf.status == 64)
        #expect(asOf.stderr.contains("it is written yyyy-MM-dd but is not a real date."))
    }

    @Test(arguments: [
        (["help", "querry"], "Error: Unknown command 'querry'. Did you mean 'query'?\n"),
        (["import", "--dry", "x.json"], "Error: Unknown option '--dry'. Did you mean '--dry-run'?\n"),
        (["show", "--id", "3"], "Error: Unknown option '--id'.\n"),
        (["query", "--sort", "goalz"], "(did you mean 'goals'?)"),
        (["query", "--sort", "goal"], "(did you mean 'goals'?)"),
    ])
    func mistakesAreUsageErrorsWithTheLikelyIntent(arguments: [String], expected: String) throws {
        let result = try run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.contains(expected), "\(result.stderr)")
    }
}
