import RosterModel

extension Roster {
    /// Runs `query` on one snapshot: `begin` gets the paging facts (with the total) before `row` gets each
    /// player of the page, in order. With `.all`, rows are streamed, never collected.
    package func run(
        _ query: PlayerQuery, measuringAll: Bool = false, begin: (PageInfo) throws -> Void,
        row: (Player) throws -> Void
    ) throws {
        let criteria = PlayerCriteria(query)
        try store.read { players in
            let total = try players.count(matching: criteria)
            switch query.paging {
            case .all:
                var info = PageInfo.all(total: total)
                if measuringAll { info.largest = try players.largestCounts(matching: criteria) }
                try begin(info)
                try players.forEachPlayer(matching: criteria, orderedBy: query.sort, limit: nil, row)
            case .page(let page, let perPage):
                try begin(PageInfo(page: page, perPage: perPage, total: total))
                let (offset, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
                guard !overflow, offset < total else { return }
                try players.forEachPlayer(
                    matching: criteria, orderedBy: query.sort, after: nil, limit: perPage, offset: offset, total: total,
                    row)
            }
        }
    }

    /// The player with `id`, if any.
    package func player(id: Int64) throws -> Player? {
        try store.read { try $0.player(id: id) }
    }
}
