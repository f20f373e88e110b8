import CSQLite
import Foundation
import RosterModel
import TestSupport
import Testing

@testable import RosterRepository

/// A copy that follows the roster through `GET /api/changes` alone, from an empty roster, across three nightly
/// imports, edits, removals and another program's write, is the roster: their exports are the same, byte for byte.
@Suite struct HistoryReplicaTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    @discardableResult
    private func run(_ arguments: [String], _ db: String = "roster.db") throws -> RosterProcess.Result {
        let result = try RosterProcess.run(["--db", db] + arguments, in: folder.url)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    /// A night's feed: players 1…count, each with a club and goals that `tweak` may change, in several scripts.
    private func night(
        _ count: Int, skipping skipped: Set<Int> = [], tweak: (Int, inout [String: Any]) -> Void = { _, _ in }
    ) throws {
        let names = [
            "Mohamed Salah", "손흥민", "Ángel Di María", "Kylian Mbappé", "Erling Haaland", "三笘薫", "N'Golo Kanté",
        ]
        var lines: [String] = []
        for number in 1...count where !skipped.contains(number) {
            var record: [String: Any] = [
                "ref": "P\(number)", "name": "\(names[number % names.count]) \(number)",
                "position": ["GK", "CB", "CM", "ST"][number % 4], "goals": number % 30,
                "club": ["Arsenal", "Liverpool", "Real Madrid", "Al-Hilal"][number % 4],
            ]
            if number % 3 == 0 { record["birth_date"] = "1990-0\(number % 9 + 1)-1\(number % 9)" }
            tweak(number, &record)
            let data = try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
            lines.append(String(decoding: data, as: UTF8.self))
        }
        try folder.write(lines.joined(separator: "\n") + "\n", to: "night.ndjson")
        try run(["import", "--quiet", "--prune", "--max-prune", "100", "night.ndjson"])
    }

    /// Applies every change after `since` to the replica, a page of `limit` at a time; returns the number to go on
    /// from.
    private func follow(_ server: ServeTests.Server, into replica: RosterDatabase, since: Int) throws -> Int {
        var since = since
        while true {
            let answer = try ServeTests.curl([server.url("/api/changes?since=\(since)&limit=7")]).out
            let page = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
            let changes = try #require(page["changes"] as? [[String: Any]])
            try replica.write(madeBy: "replica") { players in
                for change in changes { try Self.apply(change, to: players) }
            }
            let next = try #require(page["next"] as? Int)
            if changes.isEmpty { return next }
            #expect(next == changes.last?["number"] as? Int)
            since = next
        }
    }

    private static func apply(_ change: [String: Any], to players: PlayerRepository) throws {
        let id = try #require(change["id"] as? Int64 ?? (change["id"] as? Int).map(Int64.init))
        let fields = try #require(change["fields"] as? [String: [Any]])
        switch change["change"] as? String {
        case "removed":
            try players.delete(id: id)
        case "added":
            var player = Player(id: id, name: "", position: .goalkeeper)
            for (name, values) in fields { player[try #require(PlayerField(rawValue: name))] = value(values[1], name) }
            try players.insert(player)
        default:
            var player = try #require(try players.player(id: id))
            for (name, values) in fields { player[try #require(PlayerField(rawValue: name))] = value(values[1], name) }
            try players.update(player)
        }
    }

    private static func value(_ json: Any, _ name: String) -> FieldValue? {
        guard let field = PlayerField(rawValue: name) else { return nil }
        switch (json, field.valueType) {
        case (let number as Int, _): return .integer(Int64(number))
        case (let text as String, .position): return Position(code: text).map(FieldValue.position)
        case (let text as String, .date): return CalendarDate(iso: text).map(FieldValue.date)
        case (let text as String, _): return .text(text)
        default: return nil
        }
    }

    @Test func aCopyFollowingTheChangeFeedIsTheRoster() throws {
        try run(["init"])
        let server = try ServeTests.Server(in: folder)
        defer { _ = server.stop() }
        let replica = try RosterDatabase(path: folder.path("replica.db"), mode: .createIfMissing)
        var since = 0

        try night(40)
        since = try follow(server, into: replica, since: since)
        // The second night: transfers, goals, new players.
        try night(45) { number, record in
            if number % 7 == 0 { record["club"] = "Inter Miami" }
            if number % 5 == 0 { record["goals"] = number % 30 + 1 }
        }
        try run(["edit", "3", "--goals", "99", "--unset", "club"])
        try run(["add", "--name", "Hand Added", "--position", "CM", "--club", "Real Madrid"])
        since = try follow(server, into: replica, since: since)
        // The third night: retirements, a renamed player; a removal by hand and another program's write.
        try night(45, skipping: [2, 11, 30]) { number, record in
            if number % 7 == 0 { record["club"] = "Inter Miami" }
            if number % 5 == 0 { record["goals"] = number % 30 + 1 }
            if number == 12 { record["name"] = "Renamed Twelve" }
        }
        try run(["remove", "5"])
        let connection = try Connection(path: folder.path("roster.db"), flags: SQLITE_OPEN_READWRITE)
        try connection.execute("UPDATE players SET goals = goals + 1 WHERE id IN (6, 7)")
        since = try follow(server, into: replica, since: since)
        #expect(
            try run(["changes", "--since", String(since), "--format", "json"]).stdout
                == "{\"changes\":[],\"next\":\(since)}\n")

        let roster = try run(["export", "--format", "ndjson"]).stdout
        let copy = try run(["export", "--format", "ndjson"], "replica.db").stdout
        #expect(roster.split(separator: "\n").count == 41)
        #expect(copy == roster)
    }
}
