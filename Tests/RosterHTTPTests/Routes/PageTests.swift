import Glibc
import RosterModel
import RosterService
import Testing

@testable import RosterHTTP

/// The web pages: their views as pure functions of a state, and the handlers that fill it.
@Suite struct PageTests {
    static let hostile = Player(
        id: 7, name: "<script>alert('x')</script> & \"Bob\"", position: .rightWinger, goals: 3, assists: 4,
        nationality: "Côte d'Ivoire", club: "<b>Club</b>", birthDate: CalendarDate(year: 1990, month: 6, day: 2),
        image: "javascript:alert(1)")

    private func listState(_ players: [Player], items: [HTTPQueryItem] = []) -> RosterListView.State {
        RosterListView.State(
            items: items, sort: [SortOrder(.goals, descending: true)],
            page: PlayerPage(
                paging: PageInfo(page: 2, perPage: 1, total: 3), players: players, isKeyset: false,
                next: nil),
            asOf: CalendarDate(year: 2026, month: 6, day: 1)!,
            segments: [RosterListView.Segment(label: "<i>", position: nil, count: 3, isSelected: true)])
    }

    @Test func everyValueIsEscapedWhereItBecomesMarkup() {
        let page = RosterListView.render(
            listState(
                [Self.hostile],
                items: [
                    HTTPQueryItem(name: "name", value: "\"><script>x</script>")
                ])
        ).rendered
        #expect(!page.contains("<script"))
        #expect(!page.contains("<b>"))
        #expect(!page.contains("<i>"))
        #expect(page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;Bob&quot;"))
        #expect(page.contains("value=\"&quot;&gt;&lt;script&gt;x&lt;/script&gt;\""))
        // In links, a user's text is percent-encoded as well.
        #expect(page.contains("name=%22%3E%3Cscript%3Ex%3C%2Fscript%3E"))
        let detail = PlayerDetailPage.render(
            PlayerDetailPage.State(
                player: Self.hostile, asOf: CalendarDate(year: 2026, month: 6, day: 1)!, back: "/?a=%22")
        ).rendered
        #expect(!detail.contains("<script"))
        #expect(!detail.contains("<img"))
        #expect(detail.contains("<dd>javascript:alert(1)</dd>"))
        #expect(detail.contains("<title>&lt;script&gt;"))
    }

    /// Names another program stored with NUL, ESC or DEL reached the page as raw bytes, which HTML allows nowhere.
    @Test func controlCharactersAnotherProgramStoredAreReplaced() {
        var player = Self.hostile
        player.name = "nul\u{0}esc\u{1B}[31mdel\u{7F}csi\u{9B}\ttab é"
        let page = RosterListView.render(listState([player])).rendered
        #expect(!page.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
        #expect(!page.unicodeScalars.contains { $0.value == 0x7F })
        #expect(!page.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
        #expect(page.contains("nul\u{FFFD}esc\u{FFFD}[31mdel\u{FFFD}csi\u{FFFD}\ttab é"))
    }

    @Test func theDetailPageShowsTheClubsWithTheirDatesAndTheChangesNewestFirst() {
        let moves = [
            HistoryEntry(
                number: 9, time: "2026-11-20T21:04:11.000Z", playerID: 1, kind: .updated, ref: nil, name: "Mo <Salah>",
                fields: [FieldChange(.club, before: .text("Liverpool"), after: .text("Al-Hilal & Co"))],
                madeBy: "import night.csv"),
            HistoryEntry(
                number: 2, time: "2026-11-01T10:00:00.000Z", playerID: 1, kind: .added, ref: nil, name: "Mo <Salah>",
                fields: [], madeBy: nil),
        ]
        let page = PlayerDetailPage.render(
            PlayerDetailPage.State(
                player: Player(id: 1, name: "Mo <Salah>", position: .rightWinger, club: "Al-Hilal & Co"),
                asOf: ServeFixture.day, back: "/", history: moves, historySince: "2026-11-01T09:00:00.000Z")
        ).rendered
        #expect(
            page.contains("<ol class=\"clubs\"><li>Liverpool</li><li>Al-Hilal &amp; Co (from 2026-11-20)</li></ol>"))
        #expect(
            page.contains(
                "<tr><td>2026-11-20 21:04:11</td><td class=\"name\">club: Liverpool → Al-Hilal &amp; Co</td>"
                    + "<td>import night.csv</td></tr><tr><td>2026-11-01 10:00:00</td><td class=\"name\">added</td>"
                    + "<td>another program</td></tr>"))
        #expect(page.contains("Kept since 2026-11-01 09:00:00 UTC."))
    }

    @Test func theDetailPageShowsEveryFieldAndLinksTheClubAndNationality() {
        var player = Self.hostile
        player.name = "Lionel Messi"
        player.ref = "p 10/ar"
        player.club = "Inter Miami"
        player.image = "https://example.org/messi.png"
        let page = PlayerDetailPage.render(
            PlayerDetailPage.State(
                player: player, asOf: CalendarDate(year: 2026, month: 6, day: 1)!,
                back: "/?position=FW&sort=goals:desc", kept: [HTTPQueryItem(name: "as_of", value: "2026-06-01")])
        ).rendered
        for part in [
            "<h1>Lionel Messi</h1>", "<dt>Ref</dt><dd>p 10/ar</dd>", "<dt>Position</dt><dd>RW (Right Winger)</dd>",
            "<dt>Nationality</dt><dd><a href=\"/?as_of=2026-06-01&amp;nationality=C%C3%B4te%20d%27Ivoire\">"
                + "Côte d&#39;Ivoire</a></dd>",
            "<dt>Club</dt><dd><a href=\"/?as_of=2026-06-01&amp;club=Inter%20Miami\">Inter Miami</a></dd>",
            "<dt>Born</dt><dd>1990-06-02 (age 35)</dd>", "<dt>Goals</dt><dd>3</dd>", "<dt>Assists</dt><dd>4</dd>",
            "<dt>Goal contributions</dt><dd>7</dd>",
            "<a href=\"/?position=FW&amp;sort=goals:desc\" rel=\"up\">",
            // Without --image-base, even a web address is only named: the page loads nothing from elsewhere.
            "<dt>Image</dt><dd>https://example.org/messi.png</dd>",
        ] {
            #expect(page.contains(part), "\(part)")
        }
        #expect(!page.contains("<img"))
        player.image = "messi.png"
        player.nationality = nil
        let named = PlayerDetailPage.render(
            PlayerDetailPage.State(
                player: player, asOf: CalendarDate(year: 2026, month: 6, day: 1)!, back: "/",
                imageTemplate: try? ImageTemplate.parse("https://img.example.org/{ref}/{image}").get())
        ).rendered
        #expect(named.contains("<dt>Image</dt><dd>messi.png</dd>"))
        #expect(named.contains("<dt>Nationality</dt><dd><span class=\"muted\">unknown</span></dd>"))
        #expect(named.contains("<img class=\"photo\" src=\"https://img.example.org/p%2010%2Far/messi.png\""))
        // A placeholder whose value the player lacks: no image.
        player.ref = nil
        let none = PlayerDetailPage.render(
            PlayerDetailPage.State(
                player: player, asOf: CalendarDate(year: 2026, month: 6, day: 1)!, back: "/",
                imageTemplate: try? ImageTemplate.parse("https://img.example.org/{ref}/{image}").get())
        ).rendered
        #expect(!none.contains("<img"))
    }

    /// The Content-Security-Policy lets images load from the origin of --image-base alone, and from nowhere without
    /// it.
    @Test func imagesLoadFromTheImageBasesOriginOnly() throws {
        let plain = try ServeFixture()
        let policy = plain.get("/players/1").headers["Content-Security-Policy"] ?? ""
        #expect(policy.hasPrefix("default-src 'none';"))
        #expect(!policy.contains("img-src"))
        #expect(!ServeFixture.text(plain.get("/players/1")).contains("<img"))
        let served = try ServeFixture {
            $0.imageTemplate = try? ImageTemplate.parse("https://IMG.example.org:8443/players/{image}?s=2").get()
        }
        let response = served.get("/players/1")
        #expect(response.headers["Content-Security-Policy"]?.contains("img-src https://img.example.org:8443; ") == true)
        #expect(
            ServeFixture.text(response).contains(
                "<img class=\"photo\" src=\"https://IMG.example.org:8443/players/lionel-messi.png?s=2\""))
        // The list shows no image, and allows none.
        #expect(served.get("/").headers["Content-Security-Policy"]?.contains("img-src") == false)
    }

    /// Columns no player of the page has a value in are left out; the others stay.
    @Test func columnsWithNoValueOnThePageAreLeftOut() throws {
        let fixture = try ServeFixture(players: [
            Player(name: "Ann", position: .striker, goals: 3, club: "Arsenal"),
            Player(name: "Bea", position: .goalkeeper),
        ])
        let page = ServeFixture.text(fixture.get("/"))
        #expect(!page.contains("class=\"nationality\""))
        #expect(!page.contains("class=\"age num\""))
        for column in ["name", "position", "club", "goals num", "assists num"] {
            #expect(page.contains("<th class=\"\(column)\""), "\(column)")
        }
        #expect(page.contains("<td class=\"club\"></td>"))
        let empty = ServeFixture.text(fixture.get("/?name=zzz"))
        #expect(empty.contains("<td colspan=\"4\">No players match.</td>"))
        let sample = ServeFixture.text(try ServeFixture().get("/"))
        #expect(sample.contains("<th class=\"nationality\"") && sample.contains("<th class=\"age num\""))
    }

    @Test func theListHasSegmentsSortableHeadersAndPaging() throws {
        let fixture = try ServeFixture()
        let response = fixture.get("/?position=FW&sort=goals:desc&name=&nationality=")
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(response.headers["Content-Security-Policy"]?.contains("default-src 'none'") == true)
        #expect(response.headers["ETag"] != nil)
        let page = ServeFixture.text(response)
        #expect(!page.contains("<script"))
        for part in [
            "<html lang=\"en\"><head><meta charset=\"utf-8\">", "name=\"viewport\"",
            "<a href=\"/?sort=goals:desc\">All 28</a>", "<a href=\"/?sort=goals:desc&amp;position=GK\">GK 4</a>",
            "<a href=\"/?sort=goals:desc&amp;position=FW\" aria-current=\"page\">FW 13</a>",
            // The sorted column turns round on a click; another starts from its natural end.
            "aria-sort=\"descending\"><a href=\"/?position=FW&amp;sort=goals\">G ▼</a>",
            "<a href=\"/?position=FW&amp;sort=name\">Name</a>",
            "<a href=\"/players/19?position=FW&amp;sort=goals:desc\">Harry Kane</a>",
            "Page 1 of 1 · 13 players · ages on 2026-06-01",
            "<input type=\"hidden\" name=\"position\" value=\"FW\">",
        ] {
            #expect(page.contains(part), "\(part)")
        }
        let second = ServeFixture.text(fixture.get("/?per_page=10&page=2"))
        #expect(second.contains("<a href=\"/?per_page=10\" rel=\"prev\">← Previous</a>"))
        #expect(second.contains("<a href=\"/?per_page=10&amp;page=3\" rel=\"next\">Next →</a>"))
    }

    @Test func aHangulSearchFindsItsPlayer() throws {
        let fixture = try ServeFixture()
        let page = ServeFixture.text(fixture.get("/?name=%EC%86%90%ED%9D%A5"))
        #expect(page.contains(">손흥민</a>"))
        #expect(page.contains("1 player ·"))
    }

    @Test func badParametersShowTheMessageWith400() throws {
        let fixture = try ServeFixture()
        let response = fixture.get("/?min_goals=lots")
        #expect(response.status == .badRequest)
        #expect(
            ServeFixture.text(response).contains(
                "role=\"alert\">The value &#39;lots&#39; is invalid for &#39;min_goals&#39;"))
        #expect(fixture.get("/players/999").status == .notFound)
        #expect(fixture.get("/players/3?position=FW").status == .ok)
    }

    /// The web pages answered a roster that could not be read, or a query past the time limit, with the API's JSON
    /// error; a target that cannot be decoded too.
    @Test func thePagesErrorsAreWebPages() throws {
        let fixture = try ServeFixture()
        let tooSlow = try ServeFixture(
            players: (0..<3_000).map { Player(name: "Player \($0)", position: .striker, goals: $0 % 50) }
        ) { $0.queryTimeLimit = 0.000_001 }
        let slowPage = tooSlow.get("/?sort=nationality,club")
        #expect(slowPage.status == .serviceUnavailable)
        #expect(slowPage.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(slowPage.headers["Retry-After"] == "1")
        #expect(ServeFixture.text(slowPage).contains("The query took longer than"))
        // A target that cannot be decoded: HTML for a page's path, JSON for the API's.
        #expect(fixture.get("/players/%ZZ").headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(fixture.get("/api/players/%ZZ").headers["Content-Type"] == "application/problem+json")
        // The roster gone (removed, and nothing made in its place yet).
        for suffix in ["", "-wal", "-shm"] { unlink(fixture.path + suffix) }
        for target in ["/", "/players/3"] {
            let response = fixture.get(target)
            #expect(response.status == .serviceUnavailable, "\(target)")
            #expect(response.headers["Content-Type"] == "text/html; charset=utf-8", "\(target)")
            #expect(ServeFixture.text(response).contains("role=\"alert\">The roster&#39;s file was replaced"))
        }
        #expect(fixture.get("/api/players/3").headers["Content-Type"] == "application/problem+json")
    }

    /// `/stats`: every grouping of `stats` as bars, each a link to the list of its players with the filters given.
    @Test func theStatsPageDrawsEachGroupingAsBarsThatLinkToTheList() throws {
        let fixture = try ServeFixture()
        let response = fixture.get("/stats")
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(response.headers["ETag"] != nil)
        let page = ServeFixture.text(response)
        #expect(!page.contains("<script"))
        for part in [
            "<h2>Lines</h2>", "<h2>Positions</h2>", "<h2>Top 20 clubs</h2>", "<h2>Top 20 nationalities</h2>",
            "<h2>Age bands</h2>", "28 players ·", "ages on 2026-06-01",
            "<a class=\"bar\" href=\"/?position=FW\" title=\"FW\"><span class=\"track\">"
                + "<span class=\"fill\" style=\"width:100.0%\"></span></span>13</a>",
            "href=\"/?position=ST\"", "href=\"/?club=Real%20Madrid\"", "href=\"/?nationality=South%20Korea\"",
            "href=\"/?min_age=30&amp;max_age=34\"", "<th scope=\"row\">30–34</th>",
        ] {
            #expect(page.contains(part), "\(part)")
        }
        // The list's filters apply, and stay in every link; an age band narrows the ages asked for.
        let filtered = ServeFixture.text(fixture.get("/stats?position=FW&min_age=32&top=2&name="))
        #expect(!filtered.contains("28 players ·") && !filtered.contains("13 players ·"))
        #expect(filtered.contains("<h2>Top 2 clubs</h2>"))
        #expect(filtered.contains("href=\"/?min_age=32&amp;position=ST\""))
        #expect(filtered.contains("href=\"/?position=FW&amp;min_age=32&amp;club=Al-Nassr\""))
        #expect(!filtered.contains("club=Bayern"))
        #expect(filtered.contains("href=\"/?position=FW&amp;min_age=32&amp;max_age=34\""))
        #expect(filtered.contains("<a href=\"/?position=FW&amp;min_age=32\" rel=\"up\">← The roster</a>"))
        // The list links to the stats of its players, without its order or page.
        let list = ServeFixture.text(fixture.get("/?position=FW&sort=goals:desc&page=1"))
        #expect(list.contains("<a href=\"/stats?position=FW\">Stats of these players →</a>"))
        let bad = fixture.get("/stats?min_goals=lots&top=0")
        #expect(bad.status == .badRequest)
        #expect(ServeFixture.text(bad).contains("role=\"alert\">The value &#39;lots&#39; is invalid"))
        #expect(fixture.get("/stats?top=0").status == .badRequest)
        #expect(fixture.get("/stats?sort=goals").status == .badRequest)
    }

    /// The stats are read once per change of the roster, and kept in the results cache the API uses meanwhile.
    @Test func theStatsPageIsReadOncePerChangeOfTheRoster() throws {
        let fixture = try ServeFixture()
        let first = fixture.get("/stats?club=arsenal")
        let kept = fixture.cache.count
        #expect(kept == 1)
        let again = fixture.get("/stats?club=arsenal", headers: ["If-None-Match": first.headers["ETag"] ?? ""])
        #expect(again.status == .notModified)
        #expect(ServeFixture.text(fixture.get("/stats?club=arsenal")) == ServeFixture.text(first))
        #expect(fixture.cache.count == kept)
        #expect(fixture.get("/stats?club=arsenal", method: "HEAD").status == .ok)
        try fixture.write { try $0.insert(Player(name: "Zed", position: .striker, goals: 5, club: "Arsenal")) }
        let changed = ServeFixture.text(fixture.get("/stats?club=arsenal"))
        #expect(changed != ServeFixture.text(first))
        #expect(changed.contains("href=\"/?club=arsenal&amp;position=FW\""))
    }

    /// The list shows its facets: the ten most common clubs and nationalities of the players its filters leave,
    /// each a link to the list filtered by it, the players without a value counted apart, and a link to the stats for
    /// the values left out; none when nothing matches, or when no player has a value.
    @Test func theListShowsTheClubsAndNationalitiesOfItsPlayers() throws {
        let fixture = try ServeFixture()
        let page = ServeFixture.text(fixture.get("/?sort=goals:desc&page=2"))
        for part in [
            "<section class=\"facets\" aria-label=\"Facets\"><p class=\"facet\"><span class=\"facet-name\">Clubs</span> "
                + "<a href=\"/?sort=goals:desc&amp;club=Real%20Madrid\">Real Madrid <span class=\"count\">6</span></a>",
            "<span class=\"muted\">no club 1</span> <a href=\"/stats?top=16\">6 more →</a></p>",
            "<span class=\"facet-name\">Nationalities</span> "
                + "<a href=\"/?sort=goals:desc&amp;nationality=England\">England <span class=\"count\">3</span></a>",
        ] {
            #expect(page.contains(part), "\(part)")
        }
        #expect(!page.contains("no nationality"))
        // The filters given stay in each link; the players are those the filters leave.
        let forwards = ServeFixture.text(fixture.get("/?position=FW&club_prefix=real"))
        #expect(
            forwards.contains(
                "<a href=\"/?position=FW&amp;club_prefix=real&amp;club=Real%20Madrid\">Real Madrid "
                    + "<span class=\"count\">2</span></a> <a href=\"/?position=FW&amp;club_prefix=real&amp;"
                    + "club=Real%20Sociedad\">Real Sociedad <span class=\"count\">1</span></a></p>"))
        #expect(forwards.contains("<a href=\"/?position=FW&amp;club_prefix=real&amp;nationality=Brazil\">Brazil"))
        #expect(!forwards.contains("nationality=England"))
        #expect(!ServeFixture.text(fixture.get("/?name=zzz")).contains("class=\"facets\""))
        // A roster whose players have no nationality (an FPL roster) shows no line for it.
        let fpl = try ServeFixture(players: [
            Player(name: "Ann", position: .striker, club: "Arsenal"),
            Player(name: "Bea", position: .goalkeeper, club: "<Chelsea & Co>"),
        ])
        let fplPage = ServeFixture.text(fpl.get("/"))
        #expect(fplPage.contains("<a href=\"/?club=%3CChelsea%20%26%20Co%3E\">&lt;Chelsea &amp; Co&gt; "))
        #expect(!fplPage.contains("Nationalities") && !fplPage.contains("no nationality"))
    }

    /// Group names are escaped in the page and percent-encoded in links.
    @Test func groupNamesAreEscapedAndEncoded() {
        let group = GroupStats(group: "<b>\"A&B\"</b>", players: 2, goals: 1, assists: 0, averageAge: nil)
        let page = StatsPage.render(
            StatsPage.State(
                items: [HTTPQueryItem(name: "name", value: "\"><x>")], asOf: ServeFixture.day,
                sections: [
                    GroupedStats(total: group, grouping: .club, groups: [group], asOf: ServeFixture.day),
                    GroupedStats(
                        total: group, grouping: .nationality,
                        groups: [GroupStats(group: nil, players: 1, goals: 0, assists: 0, averageAge: nil)],
                        asOf: ServeFixture.day),
                ], top: 20)
        ).rendered
        #expect(!page.contains("<b>") && !page.contains("<x>"))
        #expect(page.contains("<th scope=\"row\">&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;</th>"))
        #expect(page.contains("href=\"/?name=%22%3E%3Cx%3E&amp;club=%3Cb%3E%22A%26B%22%3C%2Fb%3E\""))
        // The players of unknown nationality have a bar, but no list to link to.
        #expect(page.contains("<th scope=\"row\">unknown</th><td class=\"bar\"><span class=\"bar\">"))
    }

    /// `/players%2F3` read as `/players/3` in the message of its 404.
    @Test func aPathIsNamedAsSent() throws {
        let fixture = try ServeFixture()
        let page = fixture.get("/players%2F3")
        #expect(page.status == .notFound)
        #expect(ServeFixture.text(page).contains("There is no page at /players%2F3."))
    }
}
