import RosterModel

/// The detail page of one player (`/players/{id}`), a pure function of `State`: the name, the image when the server
/// knows where images are (`--image-base`), then the lines of `PlayerDetail` — the club and nationality linked to
/// the list of their players, the image's file name as text — with a link back to the list as it was.
enum PlayerDetailPage {
    struct State: Sendable {
        var player: Player
        var asOf: CalendarDate
        /// The list the player was opened from, with its filters, order and page.
        var back: String
        /// The parameters every link to another list keeps (`as_of`).
        var kept: [HTTPQueryItem] = []
        /// Where the player's image is; nil to show none.
        var imageTemplate: ImageTemplate?
    }

    static func render(_ state: State) -> HTML {
        let player = state.player
        var fields = HTML.empty
        for line in PlayerDetail.lines(of: player, asOf: state.asOf) {
            let value: HTML =
                switch line.value {
                case .unknown: .element("span", [("class", "muted")], HTML("unknown"))
                case .text(let text): linked(text, line.field, state)
                case .media(let media): .text(media)
                }
            fields += .element("dt", [], .text(line.label)) + .element("dd", [], value)
        }
        let back = HTML.element("a", [("href", state.back), ("rel", "up")], HTML("← Back to the list"))
        var body = HTML.element("p", [], back) + .element("h1", [], .text(player.name))
        if let url = state.imageTemplate?.url(ref: player.ref, image: player.image) {
            body += .void(
                "img",
                [
                    ("class", "photo"), ("src", url), ("alt", player.name), ("referrerpolicy", "no-referrer"),
                    ("loading", "lazy"),
                ])
        }
        body += .element("dl", [], fields)
        return PageLayout.page(title: player.name + " · Roster", body)
    }

    /// A club or nationality as a link to the list filtered by it; any other value as text.
    private static func linked(_ text: String, _ field: PlayerField?, _ state: State) -> HTML {
        guard let field, field == .club || field == .nationality else { return .text(text) }
        let url = QueryLink.url("/", state.kept, replacing: [(field == .club ? "club" : "nationality", text)])
        return .element("a", [("href", url)], .text(text))
    }
}
