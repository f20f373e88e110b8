import RosterModel
import Testing

@Suite struct PageInfoTests {
    @Test(arguments: [(0, 20, 0), (1, 20, 1), (20, 20, 1), (21, 20, 2), (271, 20, 14), (280, 20, 14), (5, 0, 5)])
    func pagesFromTotal(_ total: Int, _ perPage: Int, _ pages: Int) {
        let paging = PageInfo(page: 1, perPage: perPage, total: total)
        #expect(paging.pages == pages)
        #expect(!paging.isAll)
    }

    @Test func allIsOnePage() {
        #expect(PageInfo.all(total: 271).pages == 1)
        #expect(PageInfo.all(total: 271).perPage == 271)
        #expect(PageInfo.all(total: 0).pages == 0)
        #expect(PageInfo.all(total: 0).isAll)
    }
}
