import RosterModel

/// The detail screen of one player (`rosterdb show`).
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
        let fields = [
            ("ID", player.id.map { String($0) }),
            ("Ref", player.ref.map(DisplayWidth.printable)),
            ("Position", "\(player.position.code) (\(player.position.fullName))"),
            ("Nationality", player.nationality.map(DisplayWidth.printable)),
            ("Club", player.club.map(DisplayWidth.printable)),
            ("Born", player.birthDate.map { born($0, asOf: asOf) }),
            ("Goals", String(player.goals)),
            ("Assists", String(player.assists)),
            ("Goal contributions", String(player.goalContributions)),
            ("Image", player.image.map(DisplayWidth.printable)),
        ]
        let labelWidth = fields.map { $0.0.count + 1 }.max() ?? 0
        for (label, value) in fields {
            text += DisplayWidth.padded(label + ":", toWidth: labelWidth, alignRight: false)
            text += " " + (value ?? "unknown") + "\n"
        }
        return text
    }

    /// `1987-06-24 (age 38)`; just the date for a birth date after `asOf`, which has no age yet.
    private static func born(_ birthDate: CalendarDate, asOf: CalendarDate) -> String {
        birthDate.age(on: asOf).map { "\(birthDate) (age \($0))" } ?? birthDate.description
    }
}
