import Foundation
import TestSupport
import Testing

/// `show`, `edit` and `remove` on the sample roster, given only the start of a name's words: one player matched is
/// taken and named on standard error, several are listed, and `remove` takes one only with `--yes`.
@Suite struct PrefixLookupTests {
    let roster: SampleRoster

    init() throws {
        roster = try SampleRoster()
    }

    /// The ids of the players in the roster, in id order.
    private func ids() throws -> [Int] {
        let listed = try roster.run(["query", "--all", "--sort", "id", "--format", "ndjson"])
        #expect(listed.status == 0, "\(listed.stderr)")
        return try listed.stdout.split(separator: "\n").map {
            let object = try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            return try #require(object["id"] as? Int)
        }
    }

    private static func taking(_ name: String, id: Int, given: String) -> String {
        "Taking \(name) (id \(id)), the one player whose name matches '\(given)'.\n"
    }

    /// Case and accents are ignored, as `query --name` ignores them, in every script the sample has.
    @Test(arguments: [
        ("salah", 15, "Mohamed Salah"), ("SALAH", 15, "Mohamed Salah"), ("modric", 10, "Luka Modrić"),
        ("vinicius jun", 14, "Vinícius Júnior"), ("odeg", 8, "Martin Ødegaard"), ("손", 5, "손흥민"),
        ("久保", 6, "久保 建英"), ("ФЕДОР", 7, "Федор Смолов"),
    ])
    func showTakesTheOnePlayerAPrefixMatches(given: String, id: Int, name: String) throws {
        let shown = try roster.run(["show", given, "--format", "json"])
        #expect(shown.status == 0, "\(shown.stderr)")
        // The JSON is the player's, as by id; the message goes only to standard error.
        #expect(shown.stdout == (try roster.run(["show", "\(id)", "--format", "json"])).stdout)
        #expect(shown.stderr == Self.taking(name, id: id, given: given))
    }

    /// `history` and `changes --player` find the player as `show` does, and say so the same way.
    @Test func theHistoryAndTheChangesTakeAPrefixToo() throws {
        let history = try roster.run(["history", "salah", "--format", "json"])
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stdout == (try roster.run(["history", "15", "--format", "json"])).stdout)
        #expect(history.stderr == Self.taking("Mohamed Salah", id: 15, given: "salah"))
        let changes = try roster.run(["changes", "--player", "salah", "--since", "0", "--format", "ndjson"])
        #expect(changes.status == 0, "\(changes.stderr)")
        #expect(changes.stdout.contains(#""id":15,"#) && changes.stdout.split(separator: "\n").count == 1)
        #expect(changes.stderr == Self.taking("Mohamed Salah", id: 15, given: "salah"))
        #expect(try roster.run(["history", "mo"]).status == 1)
    }

    @Test func aFullNameOrAnIdSaysNothing() throws {
        for given in ["Mohamed Salah", "mohamed salah", "15"] {
            let shown = try roster.run(["show", given])
            #expect(shown.status == 0)
            #expect(shown.stdout.hasPrefix("Mohamed Salah\n"), "\(shown.stdout)")
            #expect(shown.stderr.isEmpty, "\(given): \(shown.stderr)")
        }
    }

    @Test func severalMatchesAreListedAndRefused() throws {
        let shown = try roster.run(["show", "MO"])
        #expect(shown.status == 1)
        #expect(shown.stdout.isEmpty)
        #expect(
            shown.stderr == """
                Error: 'MO' matches 2 players' names; give more of the name or an id
                  10  Luka Modrić    CM  born 1985-09-09
                  15  Mohamed Salah  RW  born 1992-06-15
                Give more of the name, or one of these ids instead of it.

                """)
        let edited = try roster.run(["edit", "mo", "--goals", "3"])
        #expect(edited.status == 1)
        #expect(edited.stderr.hasPrefix("Error: 'mo' matches 2 players' names"), "\(edited.stderr)")
        #expect(try roster.run(["show", "15", "--format", "json"]).stdout.contains("\"goals\":29,"))
        #expect(try roster.run(["show", "10", "--format", "json"]).stdout.contains("\"goals\":2,"))
        // A word that starts no name: no near names either.
        let unknown = try roster.run(["show", "wirtz"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "Error: no player matches 'wirtz'\n")
    }

    @Test func editTakesTheOnePlayerAPrefixMatches() throws {
        let edited = try roster.run(["edit", "salah", "--goals", "3"])
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(edited.stderr == Self.taking("Mohamed Salah", id: 15, given: "salah"))
        #expect(edited.stdout.hasPrefix("Updated Mohamed Salah (id 15):\n"), "\(edited.stdout)")
        #expect(try roster.run(["show", "15", "--format", "json"]).stdout.contains("\"goals\":3,"))
    }

    /// A full name typed with a keyboard's apostrophe for a typographic one, or a space for a hyphen, is the full
    /// name, not the start of one: `remove` takes it without `--yes`, and nobody is told of a prefix.
    @Test(arguments: [("N’Golo Kanté", 13), ("n’golo kante", 13), ("Trent Alexander Arnold", 22)])
    func aFullNameWithOtherMarksBetweenItsWordsIsNoPrefix(given: String, id: Int) throws {
        let shown = try roster.run(["show", given, "--format", "json"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout == (try roster.run(["show", "\(id)", "--format", "json"])).stdout)
        #expect(shown.stderr.isEmpty, "\(shown.stderr)")
        let removed = try roster.run(["remove", given, "--dry-run"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("\n  \(id)  "), "\(removed.stdout)")
    }

    /// An empty name, or one of spaces only (a script's variable left empty), names nobody: a usage error, before
    /// the roster is read, whichever command is given it; `remove` removes none of the others either.
    @Test(arguments: [
        ["show", ""], ["show", "   "], ["edit", " ", "--goals", "1"], ["remove", "15", ""], ["history", ""],
        ["changes", "--since", "0", "--player", " "],
    ])
    func aBlankPlayerIsAUsageError(arguments: [String]) throws {
        let before = try ids()
        let refused = try roster.run(arguments)
        #expect(refused.status == 64, "\(arguments): \(refused.stderr)")
        #expect(refused.stderr.contains("expected a player, not an empty text."), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
        #expect(try ids() == before)
    }

    @Test func removeRefusesAPrefixWithoutYes() throws {
        let before = try ids()
        for arguments in [["remove", "salah"], ["remove", "salah", "--dry-run"], ["remove", "1", "salah"]] {
            let refused = try roster.run(arguments)
            #expect(refused.status == 1, "\(arguments)")
            #expect(refused.stdout.isEmpty)
            #expect(
                refused.stderr == """
                    Error: 'salah' is not a full name; give the full name or the id
                      15  Mohamed Salah  RW  born 1992-06-15
                    Give the full name or the id, or --yes to take this player.

                    """, "\(arguments)")
        }
        #expect(try ids() == before)
        // Several matches are refused with --yes too.
        let several = try roster.run(["remove", "mo", "--yes"])
        #expect(several.status == 1)
        #expect(several.stderr.hasPrefix("Error: 'mo' matches 2 players' names"), "\(several.stderr)")
        #expect(try ids() == before)
    }

    @Test func removeWithYesRemovesExactlyThePlayerTaken() throws {
        let before = try ids()
        let removed = try roster.run(["remove", "salah", "--yes"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout == "Removed 1 player:\n  15  Mohamed Salah  RW  born 1992-06-15\n")
        #expect(removed.stderr == Self.taking("Mohamed Salah", id: 15, given: "salah"))
        #expect(try ids() == before.filter { $0 != 15 })
    }

    /// Already so before prefixes were taken; checked here on the sample roster's values.
    @Test(arguments: [
        (["--club", "liverpol"], "No club is 'liverpol'; did you mean 'Liverpool'?\n"),
        (["--nationality", "egpyt"], "No nationality is 'egpyt'; did you mean 'Egypt'?\n"),
    ])
    func aValueNoPlayerHasGetsASuggestion(filter: [String], message: String) throws {
        let listed = try roster.run(["query"] + filter)
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("No players match."))
        #expect(listed.stderr == message)
    }
}
