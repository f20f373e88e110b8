import RosterModel

/// The detail page of one player (`/players/{id}`), a pure function of `State`: the name, the image when the server
/// knows where images are (`--image-base`), then the lines of `PlayerDetail` — the club and nationality linked to
/// the list of their players, the image's file name as text —, the player's history (the clubs with their dates,
/// then every change, newest first), with a link back to the list as it was.
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
        /// The player's changes, newest first, and since when the history is kept.
        var history: [HistoryEntry] = []
        var historySince = ""
    }

    /// The most changes the page lists; the API's history has them all.
    static let changesShown = 50

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
        body += .element("dl", [], fields) + history(state)
        return PageLayout.page(title: player.name + " · Roster", body)
    }

    /// The clubs the player played for with the days they moved, then the changes, newest first.
    private static func history(_ state: State) -> HTML {
        var section = HTML.element("h2", [], HTML("History"))
        let moves = state.history.reversed().compactMap { entry -> (String, FieldChange)? in
            entry.fields.first { $0.field == .club && entry.kind == .updated }.map { (entry.shownTime, $0) }
        }
        if !moves.isEmpty {
            let first = moves[0].1.before.map { $0.text } ?? "no club"
            var clubs = HTML.element("li", [], .text(first))
            for (time, move) in moves {
                clubs += .element("li", [], .text("\(move.after?.text ?? "no club") (from \(time.prefix(10)))"))
            }
            section += .element("ol", [("class", "clubs")], clubs)
        }
        var rows = HTML.empty
        for entry in state.history.prefix(changesShown) {
            let what: String =
                entry.kind == .updated
                ? entry.fields.map {
                    "\($0.field.name): \($0.before?.text ?? "unknown") → \($0.after?.text ?? "unknown")"
                }
                .joined(separator: "; ") : entry.kind.rawValue
            rows += .element(
                "tr", [],
                .element("td", [], .text(entry.shownTime)) + .element("td", [("class", "name")], .text(what))
                    + .element("td", [], .text(entry.madeByText)))
        }
        let head = ["When (UTC)", "Change", "By"].map { HTML.element("th", [], .text($0)) }
        section += .element(
            "div", [("class", "table")],
            .element(
                "table", [], .element("thead", [], .element("tr", [], .joined(head))) + .element("tbody", [], rows)))
        let note =
            "Kept since \(HistoryEntry.shown(state.historySince)) UTC"
            + (state.history.count > changesShown
                ? "; the \(changesShown) latest of \(state.history.count) changes." : ".")
        return section + .element("p", [("class", "muted")], .text(note))
    }

    /// A club or nationality as a link to the list filtered by it; any other value as text.
    private static func linked(_ text: String, _ field: PlayerField?, _ state: State) -> HTML {
        guard let field, field == .club || field == .nationality else { return .text(text) }
        let url = QueryLink.url("/", state.kept, replacing: [(field == .club ? "club" : "nationality", text)])
        return .element("a", [("href", url)], .text(text))
    }
}
