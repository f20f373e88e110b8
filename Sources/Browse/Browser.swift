import CNcurses
import RosterFormats
import RosterModel
import RosterService

/// `rosterdb browse`: the roster's table full screen, as the iOS app's roster screen was — the list of players with
/// its segments (All, GK, DF, MF, FW) and a player's detail on Enter. The list is read a screen and a margin at a
/// time (`RowWindow`), so a roster of any size opens at once; the screens are drawn by the command line's views
/// (`BrowserViews`).
package final class Browser {
    private let roster: Roster
    private let views: any BrowserViews
    private let stop: StopSignal
    /// Opens the roster to write, for `e`; it throws what opening throws (a roster the user cannot write, say).
    private let openToWrite: () throws -> Roster
    private let cache = ResultCache(capacity: 100)
    /// The command line's query, with the filters `f` added after its own.
    private var base: PlayerQuery
    /// How many filters each `f` added at the end of `base`'s (a range adds two), for Backspace to take back.
    private var added: [Int] = []

    private var segment = 0
    /// How many players each segment holds.
    private var counts: [Int] = []
    private var window: RowWindow
    /// The selected row and the first row on screen, as indexes into the list.
    private var selected = 0
    private var top = 0
    /// What covers the list, when something does.
    private var page: TextPage?
    /// Digits typed before `G`: the row to go to.
    private var typedNumber = ""
    /// A line for the status bar until the next key.
    private var message: String?
    /// The column under the cursor (`h`, `l`): what `s` sorts by.
    private var column = 1
    /// The order the list is in; the command line's at first.
    private var sort: [SortOrder]
    /// The words of the last search (`/`), for `n` and `N`.
    private var search: [String] = []

    /// The table's columns, as `query` draws them, each with the key it sorts by.
    static let columns: [(title: String, key: SortKey)] = [
        ("ID", .id), ("Name", .name), ("Pos", .position), ("Nationality", .nationality), ("Club", .club),
        ("Age", .age), ("G", .goals), ("A", .assists),
    ]

    /// A screen of text over the list (a player's detail, the help), scrolled by the same keys.
    private struct TextPage {
        var lines: [String]
        var top = 0
        /// For a frequency table: the filters of each group in order, the line of the first, and the one selected.
        var groups: [[PlayerFilter]?] = []
        var firstGroup = 0
        var selectedGroup = 0
    }

    /// Reads the first rows of `query`; a signal that raises `stop` ends the browser.
    /// `openToWrite` opens the roster to write, for an edit.
    package init(
        roster: Roster, query: PlayerQuery, views: any BrowserViews, stop: StopSignal,
        openToWrite: @escaping () throws -> Roster
    ) throws {
        self.openToWrite = openToWrite
        self.roster = roster
        self.views = views
        self.stop = stop
        base = query
        sort = query.sort
        // A position filter of exactly one line starts on that line's segment.
        for (index, candidate) in BrowserSegment.all.enumerated()
        where candidate.line != nil && query.filters.contains(.positions([candidate.line!])) {
            segment = index
        }
        window = try RowWindow(query, roster: roster, cache: cache)
        counts = try segmentCounts()
    }

    /// Takes over the terminal until `q`; throws `Interrupted` when a signal (SIGINT, SIGTERM, SIGHUP) ended it.
    /// The terminal is given back on every way out.
    package func run() throws {
        let screen = try CursesScreen()
        defer { screen.end() }
        while true {
            try draw(on: screen)
            guard let key = screen.key(waiting: 200) else {
                if stop.isRaised { throw Interrupted(outcome: "nothing was changed") }
                continue
            }
            if stop.isRaised { throw Interrupted(outcome: "nothing was changed") }
            message = nil
            if try !handle(key, screen: screen) { return }
        }
    }

    // MARK: - Keys

    /// Acts on `key`; false to quit.
    private func handle(_ key: Int32, screen: CursesScreen) throws -> Bool {
        let rows = listRows(screen)
        if page != nil { return try handlePageKey(key, screen: screen) }
        if let digit = BrowserKey.digit(key) {
            typedNumber.append(digit)
            message = "go to row \(typedNumber)… (G)"
            return true
        }
        let number = Int(typedNumber)
        typedNumber = ""
        try followChanges()
        switch BrowserKey(key) {
        case .quit: return false
        case .down: move(to: selected + 1, rows: rows)
        case .up: move(to: selected - 1, rows: rows)
        case .pageDown: move(to: selected + rows, rows: rows, scroll: rows)
        case .pageUp: move(to: selected - rows, rows: rows, scroll: -rows)
        case .first: move(to: 0, rows: rows)
        case .last:
            if let number { move(to: number - 1, rows: rows) } else { move(to: window.total - 1, rows: rows) }
        case .nextSegment: try switchSegment(by: 1)
        case .previousSegment: try switchSegment(by: -1)
        case .open:
            if let player = try window.row(selected, roster: roster, cache: cache) { try openDetail(player) }
        case .showHelp: page = TextPage(lines: BrowserKey.help)
        case .left: column = max(column - 1, 0)
        case .right: column = min(column + 1, Browser.columns.count - 1)
        case .sortByColumn, .addSortKey: try sortByColumn(adding: BrowserKey(key) == .addSortKey)
        case .search:
            if let text = try prompt("/", screen: screen) {
                search = NameFolding.words(text)
                try findMatch(from: selected, step: 1, rows: rows)
            }
        case .nextMatch: try findMatch(from: selected + 1, step: 1, rows: rows)
        case .previousMatch: try findMatch(from: selected - 1, step: -1, rows: rows)
        case .filterOnCell:
            if let player = try window.row(selected, roster: roster, cache: cache) { try filter(on: player) }
        case .dropFilter:
            guard let count = added.popLast() else { break }
            base.filters.removeLast(count)
            try reread()
        case .frequency: try showFrequency(width: screen.columns)
        case .edit:
            if let player = try window.row(selected, roster: roster, cache: cache) {
                try edit(player, screen: screen)
            }
        case .back, .none, .resize: break
        }
        return true
    }

    /// Keys over a page of text: scrolling, and back to the list.
    private func handlePageKey(_ key: Int32, screen: CursesScreen) throws -> Bool {
        guard var shown = page else { return true }
        let height = max(screen.lines - 2, 1)
        let last = max(shown.lines.count - height, 0)
        if !shown.groups.isEmpty {
            switch BrowserKey(key) {
            case .down: shown.selectedGroup = min(shown.selectedGroup + 1, shown.groups.count - 1)
            case .up: shown.selectedGroup = max(shown.selectedGroup - 1, 0)
            case .open:
                page = nil
                guard let filters = shown.groups[shown.selectedGroup] else {
                    message = "No filter finds an unknown value."
                    return true
                }
                base.filters += filters
                added.append(filters.count)
                try reread()
                return true
            default: break
            }
            let line = shown.firstGroup + shown.selectedGroup
            if line < shown.top { shown.top = line }
            if line >= shown.top + height { shown.top = line - height + 1 }
        }
        switch BrowserKey(key) {
        case .back, .quit:
            page = nil
            try followChanges()
            return true
        case .down where shown.groups.isEmpty: shown.top += 1
        case .up where shown.groups.isEmpty: shown.top -= 1
        case .pageDown: shown.top += height
        case .pageUp: shown.top -= height
        case .first: shown.top = 0
        case .last: shown.top = last
        default: break
        }
        shown.top = min(max(shown.top, 0), last)
        page = shown
        return true
    }

    /// Selects row `index` (kept within the list), scrolling as little as keeps it on screen, or by `scroll` rows.
    private func move(to index: Int, rows: Int, scroll: Int = 0) {
        guard window.total > 0 else { return }
        selected = min(max(index, 0), window.total - 1)
        top = min(max(top + scroll, 0), max(window.total - rows, 0))
        keepSelectionVisible(rows: rows)
    }

    private func keepSelectionVisible(rows: Int) {
        if selected < top { top = selected }
        if selected >= top + rows { top = selected - rows + 1 }
        top = min(max(top, 0), max(window.total - rows, 0))
    }

    /// Sorts by the column under the cursor: alone (again: the other way), or after the keys there are.
    private func sortByColumn(adding: Bool) throws {
        let key = Browser.columns[column].key
        if adding {
            sort.removeAll { $0.key == key }
            sort.append(SortOrder(key))
        } else if sort.count == 1, sort[0].key == key {
            sort[0].descending.toggle()
        } else {
            sort = [SortOrder(key, descending: [.goals, .assists].contains(key))]
        }
        window = try RowWindow(query, roster: roster, cache: cache)
        selected = 0
        top = 0
    }

    /// Keeps the players whose value in the column under the cursor is `player`'s.
    private func filter(on player: Player) throws {
        let age = player.age(on: base.asOf)
        let filters: [PlayerFilter]? =
            switch Browser.columns[column].key {
            case .id, .birthDate: nil
            case .name: [.names([player.name])]
            case .position: [.positions([player.position])]
            case .nationality: player.nationality.map { [.nationalities([$0])] }
            case .club: player.club.map { [.clubs([$0])] }
            case .age: age.map { [.minAge($0), .maxAge($0)] }
            case .goals: [.minGoals(player.goals), .maxGoals(player.goals)]
            case .assists: [.minAssists(player.assists), .maxAssists(player.assists)]
            }
        guard let filters else {
            message = "No filter on \(Browser.columns[column].title) for this player."
            return
        }
        base.filters += filters
        added.append(filters.count)
        try reread()
    }

    /// Edits `player`'s value in the column under the cursor through the service's edit, as `edit` does: the same
    /// rules, and its error's message on the status line. The list is read again, the selection kept.
    private func edit(_ player: Player, screen: CursesScreen) throws {
        let field: PlayerField? =
            switch Browser.columns[column].key {
            case .id: nil
            case .name: .name
            case .position: .position
            case .nationality: .nationality
            case .club: .club
            case .age, .birthDate: .birthDate
            case .goals: .goals
            case .assists: .assists
            }
        guard let field, let id = player.id else {
            message = "The \(Browser.columns[column].title) column cannot be edited."
            return
        }
        let current = player[field].map(\.text) ?? ""
        guard let text = try prompt("\(field.name): ", initial: current, screen: screen), text != current else {
            return
        }
        var change = PlayerEdit()
        if text.isEmpty {
            guard PlayerField.clearable.contains(field) else {
                message = "Error: \(field.name) always has a value."
                return
            }
            change.cleared.insert(field)
        } else {
            change.values[field] = .cell(text)
        }
        do {
            _ = try openToWrite().edit(String(id), change)
            message = "Saved: \(field.name) of \(player.name)."
        } catch let error as CategorizedError where error.category != .interrupted {
            message = views.errorMessage(error)
        }
        try followChanges()
    }

    /// The players per value of the column under the cursor, as `stats --by` counts them.
    private func showFrequency(width: Int) throws {
        let grouping: StatsGrouping? =
            switch Browser.columns[column].key {
            case .position: .position
            case .nationality: .nationality
            case .club: .club
            case .age: .age
            case .id, .name, .goals, .assists, .birthDate: nil
            }
        guard let grouping else {
            message = "No counts per \(Browser.columns[column].title): choose Pos, Nationality, Club or Age."
            return
        }
        let stats = try roster.stats(query, by: grouping)
        let table = views.frequency(stats, width: width)
        let groups = stats.groups.map { group -> [PlayerFilter]? in
            guard let value = group.group else { return nil }
            switch grouping {
            case .position, .line: return Position(code: value).map { [.positions([$0])] }
            case .nationality: return [.nationalities([value])]
            case .club: return [.clubs([value])]
            case .age:
                return Int(value).map { [.minAge($0), .maxAge($0 + StatsGrouping.ageBandYears - 1)] }
            }
        }
        page = TextPage(lines: table.lines, groups: groups, firstGroup: table.firstGroup)
    }

    /// The list and the counts read again, from the top.
    private func reread() throws {
        window = try RowWindow(query, roster: roster, cache: cache)
        counts = try segmentCounts()
        selected = 0
        top = 0
    }

    /// Reads a line of text on the status line; nil when Escape dropped it.
    private func prompt(_ label: String, initial: String = "", screen: CursesScreen) throws -> String? {
        var bytes = Array(initial.utf8)
        while true {
            let text = String(decoding: bytes, as: UTF8.self)
            screen.draw(views.fitted(label + text, width: screen.columns), at: screen.lines - 1, reverse: true)
            screen.show()
            guard let key = screen.key(waiting: 200) else {
                if stop.isRaised { throw Interrupted(outcome: "nothing was changed") }
                continue
            }
            switch key {
            case 27: return nil
            case 10, 13: return text
            case 21: bytes = []  // Ctrl-U, as a shell's line: the whole line goes.
            case 8, 127, KEY_BACKSPACE:
                // A whole character goes: its continuation bytes, then its first.
                while let last = bytes.popLast(), last & 0xC0 == 0x80 {}
            case 0..<256: bytes.append(UInt8(key))
            default: break
            }
        }
    }

    /// Selects the first player from row `start` on (`step` 1) or back (`step` -1) whose name the search's words
    /// start words of, as `--name` matches them (`NameFolding.words`), wrapping around the list once.
    private func findMatch(from start: Int, step: Int, rows: Int) throws {
        guard !search.isEmpty, window.total > 0 else { return }
        var index = (start + window.total) % window.total
        for _ in 0..<window.total {
            if let player = try window.row(index, roster: roster, cache: cache) {
                let words = NameFolding.words(player.name)
                if search.allSatisfy({ wanted in words.contains { $0.hasPrefix(wanted) } }) {
                    move(to: index, rows: rows)
                    return
                }
            }
            index = (index + step + window.total) % window.total
        }
        message = "No name matches '\(search.joined(separator: " "))'."
    }

    private func switchSegment(by step: Int) throws {
        let count = BrowserSegment.all.count
        segment = (segment + step + count) % count
        window = try RowWindow(query, roster: roster, cache: cache)
        counts = try segmentCounts()
        selected = 0
        top = 0
    }

    private func openDetail(_ player: Player) throws {
        guard let id = player.id else { return }
        let history = try roster.history(of: String(id))
        page = TextPage(
            lines: views.detail(
                player, asOf: base.asOf, history: history.changes, historySince: history.start.time))
    }

    /// The list of the segment shown.
    private var query: PlayerQuery {
        var query = segment == 0 ? base : BrowserSegment.all[segment].applied(to: base)
        query.sort = sort
        return query
    }

    /// The count of each segment: the query's own for All, the players the other filters leave per line for the
    /// others — the web page's segments' counts (`Roster.lineCounts`).
    private func segmentCounts() throws -> [Int] {
        var unpositioned = base
        unpositioned.filters.removeAll { if case .positions = $0 { true } else { false } }
        let lines = try roster.snapshot { version in
            try roster.lineCounts(unpositioned, version: version, cache: cache)
        }
        let all = try roster.snapshot { version in try roster.lineCounts(base, version: version, cache: cache) }
        return BrowserSegment.all.map { segment in
            segment.line.map { lines[$0] ?? 0 } ?? all.values.reduce(0, +)
        }
    }

    /// Reads the list again when the roster changed since it was read (another process wrote to it), keeping the
    /// selection on the same player when they are still listed near where they were.
    private func followChanges() throws {
        let version = try roster.snapshot { $0 }
        guard version != window.version else { return }
        let before = try window.row(selected, roster: roster, cache: cache)
        window = try RowWindow(query, roster: roster, cache: cache)
        counts = try segmentCounts()
        guard let id = before?.id else { return }
        let near = max(selected - RowWindow.chunkSize, 0)
        let rows = try window.rows(near..<(selected + RowWindow.chunkSize), roster: roster, cache: cache)
        if let found = rows.firstIndex(where: { $0.id == id }) { selected = near + found }
        selected = min(selected, max(window.total - 1, 0))
    }

    // MARK: - Drawing

    /// Lines the list's rows have: the screen but the header, the segments, the table's two title lines and the
    /// status line.
    private func listRows(_ screen: CursesScreen) -> Int {
        max(screen.lines - 5, 1)
    }

    private func draw(on screen: CursesScreen) throws {
        screen.clear()
        let width = screen.columns
        if let page {
            drawPage(page, on: screen)
        } else {
            try drawList(on: screen, width: width)
        }
        screen.show()
    }

    private func drawList(on screen: CursesScreen, width: Int) throws {
        let rows = listRows(screen)
        keepSelectionVisible(rows: rows)
        let sort = query.sort.map { $0.key.rawValue + ($0.descending ? ":desc" : "") }.joined(separator: ",")
        let filters = query.filters.map(\.shown).joined(separator: " · ")
        let header =
            "rosterdb browse · " + (filters.isEmpty ? "" : filters + " · ") + "sort \(sort) · "
            + BrowserKey.players(window.total)
        screen.draw(views.fitted(header, width: width), at: 0, bold: true)
        var x = 0
        for (index, candidate) in BrowserSegment.all.enumerated() {
            let label = " \(candidate.label) \(counts[index].groupedDigits) "
            guard x + label.count <= width else { break }
            screen.draw(label, at: 1, x: x, reverse: index == segment)
            x += label.count + 1
        }
        let players = try window.rows(top..<(top + rows), roster: roster, cache: cache)
        if players.isEmpty {
            screen.draw(views.fitted("No players match.", width: width), at: 4)
        } else {
            let table = views.table(players.map { ($0, $0.age(on: query.asOf)) }, width: width)
            for (line, text) in table.header.enumerated() { screen.draw(text, at: 2 + line) }
            for (offset, text) in table.rows.enumerated() {
                screen.draw(
                    views.fitted(text, width: width), at: 4 + offset, reverse: top + offset == selected)
            }
        }
        let position = window.total == 0 ? "" : "\((selected + 1).groupedDigits)/\(window.total.groupedDigits)  "
        let status = message ?? "\(Browser.columns[column].title) · " + BrowserKey.listHint
        screen.draw(views.fitted(position + status, width: width), at: screen.lines - 1, reverse: true)
    }

    private func drawPage(_ page: TextPage, on screen: CursesScreen) {
        let width = screen.columns
        let height = max(screen.lines - 2, 1)
        for (offset, line) in page.lines.dropFirst(page.top).prefix(height).enumerated() {
            let selected = !page.groups.isEmpty && page.top + offset == page.firstGroup + page.selectedGroup
            screen.draw(views.fitted(line, width: width), at: offset, reverse: selected)
        }
        let hint = page.groups.isEmpty ? BrowserKey.pageHint : BrowserKey.frequencyHint
        screen.draw(views.fitted(hint, width: width), at: screen.lines - 1, reverse: true)
    }
}
