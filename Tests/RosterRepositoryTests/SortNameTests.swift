import CSQLite
import RosterModel
import TestSupport
import Testing

@testable import RosterRepository

/// Rows written or changed by other tools: reads fold them on the fly, as a read-only user must, and rosterdb's next
/// write fills their derived values.
@Suite struct SortNameTests {
    let folder: TemporaryDirectory
    let database: RosterDatabase

    init() throws {
        folder = try TemporaryDirectory()
        database = try RosterDatabase(path: folder.path("roster.db"), mode: .createIfMissing)
    }

    /// A row's folded values are bound to the derived columns in order: the two lists must name the same fields.
    @Test func theDerivedColumnsAreTheRowsFoldedFieldsInOrder() {
        #expect(DerivedColumn.allCases.map(\.source) == PlayerRow.foldedFields)
    }

    private func derived() throws -> [String] {
        let statement = try database.connection.prepare(
            "SELECT coalesce(sort_name, '-') || '|' || coalesce(nationality_key, '-') FROM players ORDER BY id")
        var rows: [String] = []
        while try statement.step() { rows.append(statement.text(at: 0)) }
        return rows
    }

    private func names(_ criteria: PlayerCriteria = PlayerCriteria(), order: [SortOrder] = [SortOrder(.name)])
        throws -> [String]
    {
        try database.read { players in
            var names: [String] = []
            try players.forEachPlayer(matching: criteria, orderedBy: order, limit: nil, offset: 0) {
                names.append($0.name)
            }
            return names
        }
    }

    @Test func rowsOfAnotherToolAreFilledByTheNextWrite() throws {
        try database.connection.execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2500)
            INSERT INTO players (name, position, nationality) SELECT 'Ángel ' || i, 'GK', 'CÔTE D''IVOIRE' FROM n
            """)
        #expect(try derived().allSatisfy { $0 == "-|-" })
        #expect(try database.connection.transaction(.immediate) { try database.players.fillDerivedColumns() } == 2500)
        #expect(try derived().first == "angel 1|cote d'ivoire")
        #expect(try database.read { try $0.hasUnfoldedRows() } == false)
        var criteria = PlayerCriteria()
        criteria.filters = [.names(["angel"])]
        #expect(try database.read { try $0.count(matching: criteria) } == 2500)
    }

    @Test func readsSeeRowsOfAnotherToolBeforeAnyWrite() throws {
        try database.write(madeBy: "test") { players in
            try players.insert(Player(name: "Bruno Fernandes", position: .attackingMidfielder, nationality: "Portugal"))
            try players.insert(Player(name: "Zinedine Zidane", position: .attackingMidfielder, nationality: "France"))
        }
        try database.connection.execute(
            """
            INSERT INTO players (name, position, nationality) VALUES ('Ángel Di María', 'RW', 'ARGENTINA');
            INSERT INTO players (name, position, nationality) VALUES ('Érik Lamela', 'RW', 'argentina')
            """)
        #expect(try database.read { try $0.hasUnfoldedRows() })
        // Name order: accented names sort with their letters, not first.
        #expect(try names() == ["Ángel Di María", "Bruno Fernandes", "Érik Lamela", "Zinedine Zidane"])
        #expect(try names(order: [SortOrder(.name, descending: true)]).first == "Zinedine Zidane")
        var search = PlayerCriteria()
        search.filters = [.names(["angel mar"])]
        #expect(try names(search) == ["Ángel Di María"])
        var nationality = PlayerCriteria()
        nationality.filters = [.nationalities(["argentina"])]
        #expect(try names(nationality) == ["Ángel Di María", "Érik Lamela"])
        #expect(try database.read { try $0.players(sortName: "erik lamela") }.map(\.name) == ["Érik Lamela"])
        // Nothing was written: a read-only user gets the same answers.
        #expect(try derived().suffix(2) == ["-|-", "-|-"])
    }

    @Test func aRenameByAnotherToolIsFoldedAgain() throws {
        _ = try database.write(madeBy: "test") { try $0.insert(Player(name: "Lionel Messi", position: .rightWinger)) }
        try database.connection.execute("UPDATE players SET name = 'Leo Messí', nationality = 'Argentina' WHERE id = 1")
        #expect(try derived() == ["-|-"])
        // Any write fills them first.
        try database.write(madeBy: "test") { _ in }
        #expect(try derived() == ["leo messi|argentina"])
        // A change of case alone keeps the folded name, and still gets it checked again.
        try database.connection.execute("UPDATE players SET name = 'LEO MESSÍ' WHERE id = 1")
        try database.write(madeBy: "test") { _ in }
        #expect(try derived() == ["leo messi|argentina"])
    }

    /// Devanagari vowels are combining marks: the search index keeps them in their words, as the search without
    /// the index (rows folded on the fly) does, and both find the same names.
    @Test func aSearchInAScriptWithVowelMarksMatchesWholeWordPrefixes() throws {
        try database.write(madeBy: "test") { players in
            for name in ["सुनील छेत्री", "सानिया मिर्ज़ा", "संदेश झिंगन"] {
                try players.insert(Player(name: name, position: .striker))
            }
        }
        func found(_ word: String) throws -> [String] {
            var search = PlayerCriteria()
            search.filters = [.names([word])]
            return try names(search)
        }
        #expect(try found("सु") == ["सुनील छेत्री"])
        #expect(try found("नील") == [])
        #expect(try found("मिर्") == ["सानिया मिर्ज़ा"])
        try database.connection.execute("UPDATE players SET sort_name = NULL")
        #expect(try found("सु") == ["सुनील छेत्री"])
        #expect(try found("नील") == [])
        #expect(try found("मिर्") == ["सानिया मिर्ज़ा"])
    }

    /// A Persian name written with a zero-width non-joiner and Greek written in capitals or with a final sigma: the
    /// search with the index and without it find the same players.
    @Test func joinersAndFinalSigmaSearchTheSameWithTheIndexAndWithout() throws {
        try database.write(madeBy: "test") { players in
            for name in ["علی\u{200C}رضا جهانبخش", "علی رضایی", "Οδυσσέας Βλαχοδήμος", "ΣΩΚΡΑΤΗΣ ΠΑΠΑΣΤΑΘΟΠΟΥΛΟΣ"] {
                try players.insert(Player(name: name, position: .goalkeeper))
            }
        }
        func found(_ words: [String]) throws -> [String] {
            var search = PlayerCriteria()
            search.filters = [.names([words.joined(separator: " ")])]
            return try names(search).sorted()
        }
        let searches: [[String]] = [
            ["علیرضا"], ["علی\u{200C}رضا"], ["رضا"], ["علی"], ["ΟΔΥΣΣΕΑΣ"], ["Οδυσσέας"], ["σωκρατης"], ["Σωκράτης"],
        ]
        let indexed = try searches.map(found)
        #expect(indexed[0] == ["علی\u{200C}رضا جهانبخش"] && indexed[1] == indexed[0] && indexed[2] == ["علی رضایی"])
        #expect(indexed[3].count == 2 && indexed[4] == ["Οδυσσέας Βλαχοδήμος"] && indexed[5] == indexed[4])
        #expect(indexed[6] == ["ΣΩΚΡΑΤΗΣ ΠΑΠΑΣΤΑΘΟΠΟΥΛΟΣ"] && indexed[7] == indexed[6])
        try database.connection.execute("UPDATE players SET sort_name = NULL")
        #expect(try searches.map(found) == indexed)
    }

    /// rosterdb's own rename to text that folds the same (case, or decomposed → precomposed) writes the same key,
    /// which the triggers clear as if another tool had renamed; the write fills it again before it commits.
    @Test func aRenameThatFoldsTheSameKeepsItsKeysAndItsSearch() throws {
        let jamo = "\u{1109}\u{1169}\u{11AB}\u{1112}\u{1173}\u{11BC}\u{1106}\u{1175}\u{11AB}"
        let id = try database.write(madeBy: "test") {
            try $0.insert(Player(name: jamo, position: .leftWinger, nationality: "Korea Republic"))
        }
        try database.write(madeBy: "test") {
            try $0.update(Player(id: id, name: "손흥민", position: .leftWinger, nationality: "KOREA REPUBLIC"))
        }
        #expect(try derived() == ["손흥민|korea republic"])
        #expect(try database.read { try $0.hasUnfoldedRows() } == false)
        var search = PlayerCriteria()
        search.filters = [.names(["손흥"])]
        #expect(try database.read { try $0.count(matching: search) } == 1)
    }

    /// Namesakes in name order come by birth date in the name's direction, unknown first ascending and last
    /// descending (as the index that serves the order holds them), then by id; a namesake another tool wrote, read
    /// with its name folded on the fly, takes the same place.
    @Test func namesakesComeInOrderOfBirthDate() throws {
        let born = [CalendarDate(year: 1996, month: 11, day: 15), nil, CalendarDate(year: 1990, month: 1, day: 1)]
        try database.write(madeBy: "test") { players in
            for date in born + [born[0]] {
                try players.insert(Player(name: "Kim Min-jae", position: .centreBack, birthDate: date))
            }
            try players.insert(Player(name: "Kim Min", position: .centreBack))
        }
        func ids(descending: Bool) throws -> [Int64] {
            try database.read { players in
                var ids: [Int64] = []
                try players.forEachPlayer(
                    matching: PlayerCriteria(), orderedBy: [SortOrder(.name, descending: descending)], limit: nil,
                    offset: 0
                ) { ids.append($0.id!) }
                return ids
            }
        }
        #expect(try ids(descending: false) == [5, 2, 3, 1, 4])
        #expect(try ids(descending: true) == [4, 1, 3, 2, 5])
        try database.connection.execute(
            "INSERT INTO players (name, position, birth_date) VALUES ('KIM MIN-JAE', 'CB', '1993-02-02')")
        #expect(try database.read { try $0.hasUnfoldedRows() })
        #expect(try ids(descending: false) == [5, 2, 3, 6, 1, 4])
        #expect(try ids(descending: true) == [4, 1, 6, 3, 2, 5])
        // The last page, read from the end of the order, folding on the fly all the same.
        let lastPage = try database.read { players in
            var ids: [Int64] = []
            try players.forEachPlayer(
                matching: PlayerCriteria(), orderedBy: [SortOrder(.name)], limit: 4, offset: 4, total: 6
            ) { ids.append($0.id!) }
            return ids
        }
        #expect(lastPage == [1, 4])
    }
}
