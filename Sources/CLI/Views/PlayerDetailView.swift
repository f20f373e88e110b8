import RosterModel

/// The detail screen of one player (`rosterdb show`): its name, then the lines of `PlayerDetail`.
///
/// ```
/// Lionel Messi
/// ============
///
/// ID:                 10
/// Ref:                19054
/// Position:           RW (Right Winger)
/// Nationality:        Argentina
/// Club:               Inter Miami
/// Born:               1987-06-24 (age 38)
/// Goals:              20
/// Assists:            15
/// Goal contributions: 35
/// Image:              messi.png
/// ```
enum PlayerDetailView {
    /// The screen, with the age on `asOf`; every line ends with a newline.
    static func render(_ player: Player, asOf: CalendarDate) -> String {
        let name = DisplayWidth.printable(player.name)
        var text = name + "\n" + String(repeating: "=", count: DisplayWidth.of(name)) + "\n\n"
        let lines = PlayerDetail.lines(of: player, asOf: asOf)
        let labelWidth = lines.map { $0.label.count + 1 }.max() ?? 0
        for line in lines {
            text += DisplayWidth.padded(line.label + ":", toWidth: labelWidth, alignRight: false) + " "
            switch line.value {
            case .unknown: text += "unknown\n"
            case .text(let value), .media(let value): text += DisplayWidth.printable(value) + "\n"
            }
        }
        return text
    }
}
