import RosterModel
import RosterService

/// Players one to a line, to say which they are, in aligned columns: ids to the right, names padded by display width
/// (and made printable: another program may have written the roster), then position and birth date:
/// `   3  Kylian Mbappé  ST  born 1998-12-20`, as `show` lists a shared name's players and `remove` what it removes.
/// A player stored breaking rosterdb's rules shows its values as stored, and what is wrong with them.
enum PlayerLinesView {
    static func render(_ players: [Player]) -> String {
        render(players.map(FoundPlayer.readable))
    }

    static func render(_ players: [FoundPlayer]) -> String {
        let ids = players.map { String($0.id) }
        let names = players.map { DisplayWidth.printable($0.text(.name) ?? "") }
        let nameWidths = names.map(DisplayWidth.of)
        let positions = players.map { DisplayWidth.printable($0.text(.position) ?? "") }
        let idWidth = ids.map(\.count).max() ?? 0
        let nameWidth = nameWidths.max() ?? 0
        let positionWidth = positions.map(DisplayWidth.of).max() ?? 0
        return players.indices.map { index in
            let player = players[index]
            let problem: String =
                if case .unreadable(_, _, let problem) = player { "  (\(DisplayWidth.printable(problem)))" } else { "" }
            return "  " + DisplayWidth.padded(ids[index], toWidth: idWidth, alignRight: true)
                + "  "
                + DisplayWidth.padded(
                    names[index], measuring: nameWidths[index], toWidth: nameWidth,
                    alignRight: false)
                + "  " + DisplayWidth.padded(positions[index], toWidth: positionWidth, alignRight: false)
                + "  born \(DisplayWidth.printable(player.text(.birthDate) ?? "unknown"))\(problem)\n"
        }.joined()
    }
}
