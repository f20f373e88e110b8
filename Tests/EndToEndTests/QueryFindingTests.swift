import Foundation
import RosterModel
import TestSupport
import Testing

/// `query` on the Fantasy Premier League's players, imported as docs/feed-profiles.md says: ties in any order end on the name,
/// a club no player has gets suggestions, and clubs are found by the start of their name.
@Suite struct QueryFindingTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
        for (fixture, name) in [
            ("fpl-2024-25-players_raw.csv", "players_raw.csv"), ("fpl-2024-25-teams.csv", "teams.csv"),
        ] {
            try folder.write(
                bytes: FileBytes.read(Fixtures.directory.appendingPathComponent("feeds/\(fixture)").path)!, to: name)
        }
        let profiles = Fixtures.packageRoot.appendingPathComponent("feeds")
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("feeds"), withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: profiles.path) {
            try folder.write(bytes: FileBytes.read(profiles.appendingPathComponent(name).path)!, to: "feeds/\(name)")
        }
        let imported = try run(["import", "players_raw.csv", "--profile", "feeds/fpl-players.profile"])
        try #require(imported.status == 0, "\(imported.stderr)")
    }

    private func run(_ arguments: [String]) throws -> RosterProcess.Result {
        try RosterProcess.run(["--db", "roster.db"] + arguments, in: folder.url)
    }

    /// The players of a `--format ndjson` list.
    private func rows(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try run(["query"] + arguments + ["--all", "--format", "ndjson"])
        #expect(result.status == 0, "\(result.stderr)")
        return try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    /// Hundreds of players share a number of goals: within each number they come from A to Z, then by id, in
    /// both directions and within a club.
    @Test(arguments: [["--sort", "goals:desc"], ["--sort", "goals"], ["--club", "Man Utd", "--sort", "goals:desc"]])
    func equalGoalsComeInNameOrder(arguments: [String]) throws {
        let players = try rows(arguments)
        #expect(players.count > 20)
        let descending = arguments.contains("goals:desc")
        for (a, b) in zip(players, players.dropFirst()) {
            let (goalsA, goalsB) = (a["goals"] as! Int, b["goals"] as! Int)
            if goalsA != goalsB {
                #expect(descending ? goalsA > goalsB : goalsA < goalsB)
                continue
            }
            let (nameA, nameB) = (NameFolding.fold(a["name"] as! String), NameFolding.fold(b["name"] as! String))
            #expect(nameA < nameB || (nameA == nameB && (a["id"] as! Int) < (b["id"] as! Int)), "\(a) \(b)")
        }
    }

    @Test func aClubNoPlayerHasGetsSuggestionsOnStandardError() throws {
        let table = try run(["query", "--club", "manchester united"])
        #expect(table.status == 0)
        #expect(table.stdout.contains("No players match."))
        #expect(table.stderr == "No club is 'manchester united'; did you mean 'Man Utd'?\n")
        let json = try run(["query", "--club", "Manchester", "--format", "json"])
        #expect(json.status == 0)
        let page = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(page["total"] as? Int == 0)
        let suggestions = try #require(page["suggestions"] as? [[String: Any]], "\(json.stdout)")
        #expect(suggestions.count == 1)
        #expect(suggestions.first?["field"] as? String == "club")
        #expect(suggestions.first?["given"] as? String == "Manchester")
        #expect(suggestions.first?["values"] as? [String] == ["Man City", "Man Utd"])
        // A club that exists, in a list the other filters emptied: nothing to suggest.
        let combined = try run(["query", "--club", "man utd", "--min-goals", "500", "--format", "json"])
        #expect(!combined.stdout.contains("suggestions"))
        #expect(combined.stderr.isEmpty)
    }

    @Test func clubsAreFoundByTheStartOfTheirFoldedName() throws {
        let players = try rows(["--club-prefix", "MAN"])
        let clubs = Set(players.compactMap { $0["club"] as? String })
        #expect(clubs == ["Man City", "Man Utd"])
        let count = try rows(["--club", "man city", "--club", "man utd"]).count
        #expect(players.count == count)
        let usage = try run(["query", "--club-prefix", "  "])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("--club-prefix"), "\(usage.stderr)")
    }
}
