import RosterModel
import Testing

@testable import RosterHTTP
@testable import RosterService

/// Every error category has its HTTP status, and an error a handler throws is answered with its category's.
@Suite struct ErrorStatusTests {
    /// An error of `category` and nothing else.
    struct Categorized: CategorizedError {
        let category: ErrorCategory
        var description: String { "an error of category \(category)" }
    }

    /// The statuses as the tests and docs/serving.md pin them, written out again: a new category fails to compile here
    /// until its status is chosen.
    static func expected(_ category: ErrorCategory) -> Int {
        switch category {
        case .notFound: 404
        case .usage, .invalidData: 400
        case .pruneRefused, .rosterNotEmpty, .duplicate: 409
        case .changedSince: 412
        case .unavailable, .busy, .timedOut, .interrupted: 503
        case .failure, .unreadableInput, .io, .savedNotReported: 500
        }
    }

    @Test(arguments: ErrorCategory.allCases)
    func eachCategoryHasItsStatus(_ category: ErrorCategory) {
        #expect(HTTPStatus(category).code == Self.expected(category))
    }

    /// Thrown by a handler, as the API's JSON and as a page's HTML: the category's status, and `Retry-After` with
    /// each 503 alone.
    @Test(arguments: ErrorCategory.allCases)
    func anErrorAHandlerThrowsIsAnsweredWithItsCategorysStatus(_ category: ErrorCategory) throws {
        let fixture = try ServeFixture()
        for page in [false, true] {
            let response = fixture.worker.failure(Categorized(category: category), page: page)
            #expect(response.status.code == Self.expected(category))
            #expect((response.headers["Retry-After"] == "1") == (response.status == .serviceUnavailable))
            #expect(
                response.headers["Content-Type"] == (page ? "text/html; charset=utf-8" : "application/problem+json"))
            if !page {
                #expect(try ServeFixture.problem(response)["type"] as? String == ProblemType(category).uri)
            }
            // In the error's words, but for a time limit, which the server's own limit words.
            let words =
                category == .timedOut ? "the query took longer than" : "an error of category \(category)".lowercased()
            #expect(ServeFixture.text(response).lowercased().contains(words))
        }
    }

    /// A server short of address space to open the roster for a stream answered 500, as for a fault of its own,
    /// where a shortage of descriptors or of SQLite's memory was a 503: any shortage may pass a moment later.
    @Test func notEnoughMemoryIs503() throws {
        let fixture = try ServeFixture()
        let response = fixture.worker.failure(
            NotEnoughMemory(work: "open the roster", neededBytes: 4 << 20), page: false)
        #expect(response.status == .serviceUnavailable)
        #expect(response.headers["Retry-After"] == "1")
        #expect(
            ServeFixture.text(response).hasPrefix(
                #"{"type":"/problems/unavailable","title":"Unavailable for now","status":503,"#
                    + #""detail":"Not enough memory to open"#))
    }

    /// An error of no category is the server's fault.
    @Test func anErrorOfNoCategoryIs500() throws {
        struct Plain: Error {}
        let response = try ServeFixture().worker.failure(Plain(), page: false)
        #expect(response.status == .internalServerError)
        #expect(response.headers["Retry-After"] == nil)
    }
}
