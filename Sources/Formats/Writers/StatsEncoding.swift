import RosterModel

/// `stats` as JSON, the one shape the command line's `--format json` and the HTTP API's `/api/stats` both give.
///
/// A group: `{"group":"ST","players":4,"goals":93,"assists":22,"goal_contributions":115,"average_age":29.5}`, with
/// `group` null for players whose value is unknown (and for the total) and `average_age` null when no age is known.
package enum StatsEncoding {
    /// `{"as_of":"2026-06-01","by":"position","total":{…},"groups":[{…},…]}`.
    package static func json(_ stats: GroupedStats) -> String {
        "{\"as_of\":\"\(stats.asOf)\",\"by\":\"\(stats.grouping.rawValue)\",\"total\":\(group(stats.total)),"
            + "\"groups\":[\(stats.groups.map(group).joined(separator: ","))]}"
    }

    /// `{"as_of":…,"total":{…},"lines":[…],"positions":[…],"nationalities":[…],"clubs":[…],"top_scorers":[player…],
    /// "top_assisters":[…],"youngest":player|null,"oldest":player|null,"unknown":{"birth_date":n,…}}`; players as
    /// `query --format json` writes them, with their age.
    package static func json(_ summary: RosterSummary) -> String {
        func player(_ player: Player) -> String {
            PlayerEncoding.jsonObject(player, age: .included(player.age(on: summary.asOf)))
        }
        func groups(_ groups: [GroupStats]) -> String { "[" + groups.map(group).joined(separator: ",") + "]" }
        func players(_ players: [Player]) -> String { "[" + players.map(player).joined(separator: ",") + "]" }
        return "{\"as_of\":\"\(summary.asOf)\",\"total\":\(group(summary.total)),\"lines\":\(groups(summary.lines)),"
            + "\"positions\":\(groups(summary.positions)),\"nationalities\":\(groups(summary.nationalities)),"
            + "\"clubs\":\(groups(summary.clubs)),\"top_scorers\":\(players(summary.topScorers)),"
            + "\"top_assisters\":\(players(summary.topAssisters)),"
            + "\"youngest\":\(summary.youngest.map(player) ?? "null"),\"oldest\":\(summary.oldest.map(player) ?? "null"),"
            + "\"unknown\":{\"birth_date\":\(summary.unknownBirthDates),\"nationality\":\(summary.unknownNationalities),"
            + "\"club\":\(summary.unknownClubs)}}"
    }

    /// `{"as_of":…,"total":{…},"facets":[{"by":"club","groups":[{…},…],"more":12,"unknown":1},{"by":"nationality",…}]}`:
    /// a list's facets, each group as `/api/stats?by=` writes it.
    package static func json(_ facets: ListFacets) -> String {
        let each = facets.facets.map { facet in
            "{\"by\":\"\(facet.grouping.rawValue)\",\"groups\":[\(facet.groups.map(group).joined(separator: ","))],"
                + "\"more\":\(facet.more),\"unknown\":\(facet.unknown)}"
        }
        return "{\"as_of\":\"\(facets.asOf)\",\"total\":\(group(facets.total)),"
            + "\"facets\":[\(each.joined(separator: ","))]}"
    }

    /// One group's object.
    package static func group(_ stats: GroupStats) -> String {
        "{\"group\":\(stats.group.map(JSONText.quoted) ?? "null"),\"players\":\(stats.players),"
            + "\"goals\":\(stats.goals),\"assists\":\(stats.assists),"
            + "\"goal_contributions\":\(stats.goalContributions),"
            + "\"average_age\":\(stats.averageAge.map(oneDecimal) ?? "null")}"
    }

    /// `27.4`: averages are written with one decimal, so that the output does not depend on float printing.
    package static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
