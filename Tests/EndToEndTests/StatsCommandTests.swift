import Foundation
import TestSupport
import Testing

/// `stats` as a user runs it on the sample roster.
@Suite struct StatsCommandTests {
    let sample: SampleRoster

    init() throws {
        sample = try SampleRoster()
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> RosterProcess.Result {
        try sample.run(arguments)
    }

    @Test func groupedTableHasABarPerGroupAndATotal() throws {
        let result = try run(["stats", "--by", "line", "--as-of", "2026-06-01"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            result.stdout == """
                Players by line, ages on 2026-06-01

                Line   Players                                  Goals  Assists  G+A  Avg age
                GK           4  █████████▎                          0        0    0     35.0
                DF           5  ███████████▌                       13       30   43     29.2
                MF           6  █████████████▉                     45       53   98     31.2
                FW          13  ██████████████████████████████    266      113  379     31.3

                Total       28                                    324      196  520     31.4

                """)
    }

    @Test func jsonAndCSVForScripts() throws {
        let json = try run(["stats", "--by", "club", "--top", "2", "--format", "json", "--as-of", "2026-06-01"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["by"] as? String == "club")
        #expect(object["as_of"] as? String == "2026-06-01")
        let groups = try #require(object["groups"] as? [[String: Any]])
        #expect(groups.map { $0["group"] as? String } == ["Real Madrid", "Bayern Munich"])
        #expect(Set(groups[0].keys) == ["group", "players", "goals", "assists", "goal_contributions", "average_age"])
        let summary = try run(["stats", "--format", "json"])
        let keys = try #require(try JSONSerialization.jsonObject(with: Data(summary.stdout.utf8)) as? [String: Any])
        #expect(
            Set(keys.keys) == [
                "as_of", "total", "lines", "positions", "nationalities", "clubs", "top_scorers", "top_assisters",
                "youngest", "oldest", "unknown",
            ])
        let csv = try run(["stats", "--by", "position", "--format", "csv", "--position", "GK"])
        #expect(
            csv.stdout.hasPrefix(
                "section,group,players,goals,assists,goal_contributions,average_age\n"
                    + "total,,4,0,0,0,"))
        #expect(csv.stdout.split(separator: "\n").count == 3)
    }

    @Test func theSummaryListsEverySection() throws {
        let result = try run(["stats", "--as-of", "2026-06-01"])
        #expect(result.status == 0)
        for heading in [
            "Lines\n", "Positions\n", "Top nationalities\n", "Top clubs\n", "Top scorers\n",
            "Top assisters\n", "Youngest: Lamine Yamal", "Oldest:   Cristiano Ronaldo",
            "Unknown:  birth date 0 · nationality 0 · club 1",
        ] {
            #expect(result.stdout.contains(heading), "\(heading)")
        }
    }

    @Test(arguments: [
        (["stats", "--by", "team"], "The value 'team' is invalid for '--by <by>'"),
        (["stats", "--top", "0"], "expected a whole number from 1 to 1,000."),
        (["stats", "--min-age", "40", "--max-age", "30"], "is greater than"),
    ])
    func badOptionsAreUsageErrors(arguments: [String], expected: String) throws {
        let result = try run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(expected), "\(result.stderr)")
    }
}
