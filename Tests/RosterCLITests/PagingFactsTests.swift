@testable import RosterCLI
import Testing

@Suite struct PagingFactsTests {
    @Test(arguments: [(0, 20, 0), (1, 20, 1), (20, 20, 1), (21, 20, 2), (271, 20, 14), (280, 20, 14), (5, 0, 5)])
    func pagesFromTotal(_ total: Int, _ perPage: Int, _ pages: Int) {
        let paging = PagingFacts(page: 1, perPage: perPage, total: total)
        #expect(paging == PagingFacts(page: 1, perPage: perPage, total: total, pages: pages, isAll: false))
    }

    @Test func allIsOnePage() {
        #expect(PagingFacts.all(total: 271) == PagingFacts(page: 1, perPage: 271, total: 271, pages: 1, isAll: true))
        #expect(PagingFacts.all(total: 0) == PagingFacts(page: 1, perPage: 0, total: 0, pages: 0, isAll: true))
    }
}
