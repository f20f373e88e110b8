import RosterHTTP
import RosterModel
import RosterService

/// The parameters `/api/players` takes, and its own.
private let parameters = QueryParameter.filters + [.sort, .page, .perPage, .after]

/// libFuzzer's entry point: the input as a request target (`/api/players?position=ST&min_goals=10`), decoded as the
/// server decodes it, then read into a `PlayerQuery` by the query-string reader. Refusals are expected, and their
/// messages are written; a trap is a bug. Also checked: the links the server writes read back as the same
/// parameters, escaped text holds no markup character, and a page token reads back as the position it was made
/// from.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let target: HTTPTarget
    switch HTTPTarget.parse(bytes) {
    case .success(let parsed): target = parsed
    case .failure(let error):
        _ = error.description
        return 0
    }
    let link = QueryLink.url("/", target.query)
    guard case .success(let again) = HTTPTarget.parse(Array(link.utf8)), again.query == target.query else {
        fatalError("the link \(link) does not read back as \(target.query)")
    }
    for item in target.query {
        let escaped = HTML.escape(item.name) + HTML.escape(item.value)
        precondition(!escaped.utf8.contains { "<>\"'".utf8.contains($0) }, "unescaped markup in \(escaped)")
        if let position = PageToken.position(item.value) {
            precondition(PageToken.position(PageToken.token(for: position)) == position, "token \(item.value)")
        }
    }
    var query = PlayerQuery(asOf: CalendarDate(year: 2026, month: 6, day: 1)!)
    do {
        let others = try QueryString.read(
            target.query.map { ($0.name, $0.value) }, parameters: parameters, others: ["format", "by"], into: &query)
        _ = try QueryString.choice(others["by"], of: StatsGrouping.self, for: "by")
        guard case .page(let page, let perPage) = query.paging else { fatalError("a list is paged") }
        precondition(page >= 1 && (1...QueryParameter.maximumPerPage).contains(perPage), "paging \(query.paging)")
        if let after = query.after {
            precondition(after.sort == query.sort, "a token of another order was taken")
            if !after.values.isEmpty {
                precondition(PageToken.position(PageToken.token(for: after)) == after, "token round trip")
            }
        }
    } catch {
        precondition(!error.message.isEmpty, "an error without a message")
    }
    return 0
}
