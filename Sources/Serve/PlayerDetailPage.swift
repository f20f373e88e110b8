import RosterModel
import RosterWeb

/// The detail page of one player (`/players/{id}`), a pure function of `State`: the name, the position written out,
/// nationality, club, birth date and age, goals, assists, goal contributions, and the image — shown when it is an
/// http(s) URL, named otherwise — with a link back to the list as it was.
enum PlayerDetailPage {
    struct State: Sendable {
        var player: Player
        var asOf: CalendarDate
        /// The list the player was opened from, with its filters, order and page.
        var back: String
    }

    static func render(_ state: State) -> HTML {
        let player = state.player
        func row(_ label: StaticString, _ value: HTML) -> HTML {
            .element("dt", [], HTML(label)) + .element("dd", [], value)
        }
        func text(_ value: String?) -> HTML {
            value.map(HTML.text)
                ?? .element(
                    "span", [("class", "muted")],
                    HTML("unknown"))
        }
        let born = player.birthDate.map { date in
            date.age(on: state.asOf).map { "\(date) (age \($0))" } ?? date.description
        }
        var fields = row("Position", .text("\(player.position.code) (\(player.position.fullName))"))
        fields += row("Nationality", text(player.nationality))
        fields += row("Club", text(player.club))
        fields += row("Born", text(born))
        fields += row("Goals", .text(String(player.goals)))
        fields += row("Assists", .text(String(player.assists)))
        fields += row("Goal contributions", .text(String(player.goalContributions)))
        fields += row("Image", image(player))
        let back = HTML.element("a", [("href", state.back), ("rel", "up")], HTML("← Back to the list"))
        let body =
            HTML.element("p", [], back)
            + .element("h1", [], .text(player.name)) + .element("dl", [], fields)
        return PageLayout.page(title: player.name + " · Roster", body)
    }

    /// An `<img>` for an http or https URL; any other value (a file name) as text, never as a link.
    private static func image(_ player: Player) -> HTML {
        guard let image = player.image else {
            return .element("span", [("class", "muted")], HTML("unknown"))
        }
        let lowered = image.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else { return .text(image) }
        return .void(
            "img",
            [
                ("class", "photo"), ("src", image), ("alt", player.name), ("referrerpolicy", "no-referrer"),
                ("loading", "lazy"),
            ])
    }
}
