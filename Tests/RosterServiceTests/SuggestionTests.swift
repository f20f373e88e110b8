import RosterModel
import Testing

@testable import RosterService

/// The values offered for a nationality or club that no player has, among those the players have.
@Suite struct SuggestionTests {
    /// The Premier League's clubs as the Fantasy Premier League writes them, folded as a roster keys them.
    static let clubs = [
        "Arsenal", "Aston Villa", "Bournemouth", "Brentford", "Brighton", "Chelsea", "Crystal Palace", "Everton",
        "Fulham", "Ipswich", "Leicester", "Liverpool", "Man City", "Man Utd", "Newcastle", "Nott'm Forest",
        "Southampton", "Spurs", "West Ham", "Wolves",
    ].map { KnownValue(key: NameFolding.fold($0), text: $0) }.sorted { $0.key < $1.key }

    @Test(arguments: [
        ("manchester united", ["Man Utd"]),
        ("Manchester City", ["Man City"]),
        ("manchester", ["Man City", "Man Utd"]),
        ("arsenl", ["Arsenal"]),
        ("ÁRSENAL FC", ["Arsenal"]),
        ("nottingham forest", ["Nott'm Forest"]),
        ("west ham united", ["West Ham"]),
        ("wolves fc", ["Wolves"]),
        ("real madrid", []),
        ("zzz", []),
    ])
    func theNearestClubsAreOffered(given: String, expected: [String]) {
        #expect(ValueSuggestion.nearest(to: given, among: Self.clubs).map(\.text) == expected)
    }

    @Test func aWordStandsForAnotherByItsStartOrItsLettersInOrder() {
        #expect(ValueSuggestion.abbreviates("man", "manchester"))
        #expect(ValueSuggestion.abbreviates("utd", "united"))
        #expect(!ValueSuggestion.abbreviates("city", "united"))
        #expect(!ValueSuggestion.abbreviates("dtu", "united"))
        #expect(!ValueSuggestion.abbreviates("united", "utd"))
        #expect(!ValueSuggestion.abbreviates("m", "madrid"))
    }

    @Test func theMessageNamesTheFieldTheValueAndEachSuggestion() {
        #expect(
            ValueSuggestion(field: .club, given: "manchester", values: ["Man City", "Man Utd"]).message
                == "No club is 'manchester'; did you mean 'Man City' or 'Man Utd'?")
        #expect(
            ValueSuggestion(field: .nationality, given: "brasil", values: ["Brazil"]).message
                == "No nationality is 'brasil'; did you mean 'Brazil'?")
    }

    /// Read from the roster: only values no player has get suggestions, and the values are as players have them.
    @Test func theRosterSuggestsForValuesNoPlayerHasOnly() throws {
        let sample = try SampleRoster()
        var query = PlayerQuery(asOf: .today())
        query.filters = [.clubs(["real madird", "Barcelona"]), .nationalities(["norwey"])]
        #expect(
            try sample.roster.suggestions(for: query) == [
                ValueSuggestion(field: .club, given: "real madird", values: ["Real Madrid"]),
                ValueSuggestion(field: .nationality, given: "norwey", values: ["Norway"]),
            ])
        query.filters = [.clubs(["Barcelona"]), .positions([.goalkeeper])]
        #expect(try sample.roster.suggestions(for: query).isEmpty)
    }

    /// Completions: the values players have that start with a prefix, compared as filters compare, at most a limit.
    @Test func theRosterCompletesAPrefixOfItsValues() throws {
        let sample = try SampleRoster()
        let every = try sample.roster.knownValues(of: .nationality, startingWith: "", limit: 1_000)
        #expect(every.count > 3)
        for prefix in ["b", "BR", "Bŕ"] {
            let expected = every.filter { NameFolding.fold($0).hasPrefix(NameFolding.fold(prefix)) }
            #expect(!expected.isEmpty)
            #expect(try sample.roster.knownValues(of: .nationality, startingWith: prefix, limit: 1_000) == expected)
        }
        #expect(try sample.roster.knownValues(of: .nationality, startingWith: "", limit: 3) == Array(every.prefix(3)))
        #expect(try sample.roster.knownValues(of: .club, startingWith: "zzz", limit: 10).isEmpty)
    }
}
