import RosterModel

/// Players one to a line, to say which they are, in aligned columns: ids to the right, names padded by display width
/// (and made printable: another program may have written the roster), then position and birth date:
/// `   3  Kylian Mbappé  ST  born 1998-12-20`, as `show` lists a shared name's players and `remove` what it removes.
enum PlayerLinesView {
    static func render(_ players: [Player]) -> String {
        let ids = players.map { $0.id.map(String.init) ?? "-" }
        let names = players.map { DisplayWidth.printable($0.name) }
        let nameWidths = names.map(DisplayWidth.of)
        let idWidth = ids.map(\.count).max() ?? 0
        let nameWidth = nameWidths.max() ?? 0
        let positionWidth = players.map(\.position.code.count).max() ?? 0
        return players.indices.map { index in
            let player = players[index]
            return "  " + DisplayWidth.padded(ids[index], toWidth: idWidth, alignRight: true)
                + "  "
                + DisplayWidth.padded(
                    names[index], measuring: nameWidths[index], toWidth: nameWidth,
                    alignRight: false)
                + "  " + DisplayWidth.padded(player.position.code, toWidth: positionWidth, alignRight: false)
                + "  born \(player.birthDate?.description ?? "unknown")\n"
        }.joined()
    }
}
