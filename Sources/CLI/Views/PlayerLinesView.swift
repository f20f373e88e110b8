import RosterModel

/// Players one to a line, to say which they are, ids aligned on the right:
/// `   3  Kylian Mbappé  ST  born 1998-12-20`, as `show` lists a shared name's players and `remove` what it removes.
enum PlayerLinesView {
    static func render(_ players: [Player]) -> String {
        let ids = players.map { $0.id.map(String.init) ?? "-" }
        let width = ids.map(\.count).max() ?? 0
        return zip(ids, players).map { id, player in
            "  " + DisplayWidth.padded(id, toWidth: width, alignRight: true)
                + "  \(DisplayWidth.printable(player.name))  \(player.position.code)  "
                + "born \(player.birthDate?.description ?? "unknown")\n"
        }.joined()
    }
}
