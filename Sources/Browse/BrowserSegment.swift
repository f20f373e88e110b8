import RosterModel

/// One of the segments the browser's list switches between, as the web page's do: every player, or one line's.
struct BrowserSegment: Equatable {
    /// nil for every player.
    let line: Position?

    /// All, then each line from the goal outwards.
    static let all = [BrowserSegment(line: nil)] + Position.allCases.filter(\.isLine).map { BrowserSegment(line: $0) }

    var label: String { line?.code ?? "All" }

    /// `query` with this segment's line in place of its position filter.
    func applied(to query: PlayerQuery) -> PlayerQuery {
        var query = query
        guard let line else { return query }
        query.filters.removeAll { if case .positions = $0 { true } else { false } }
        query.filters.append(.positions([line]))
        return query
    }
}
