import RosterModel

/// The detail page of one player (`/players/{id}`), a pure function of `State`: the name, then the lines of
/// `PlayerDetail` — an image shown when it is an http(s) URL, named otherwise — with a link back to the list as it
/// was.
enum PlayerDetailPage {
    struct State: Sendable {
        var player: Player
        var asOf: CalendarDate
        /// The list the player was opened from, with its filters, order and page.
        var back: String
    }

    static func render(_ state: State) -> HTML {
        let player = state.player
        var fields = HTML.empty
        for line in PlayerDetail.lines(of: player, asOf: state.asOf) {
            let value: HTML =
                switch line.value {
                case .unknown: .element("span", [("class", "muted")], HTML("unknown"))
                case .text(let text): .text(text)
                case .media(let media): image(media, of: player)
                }
            fields += .element("dt", [], .text(line.label)) + .element("dd", [], value)
        }
        let back = HTML.element("a", [("href", state.back), ("rel", "up")], HTML("← Back to the list"))
        let body =
            HTML.element("p", [], back)
            + .element("h1", [], .text(player.name)) + .element("dl", [], fields)
        return PageLayout.page(title: player.name + " · Roster", body)
    }

    /// An `<img>` for an http or https URL; any other value (a file name) as text, never as a link.
    private static func image(_ image: String, of player: Player) -> HTML {
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
