import Testing

@testable import RosterHTTP

/// `Accept-Encoding` and `Accept` as RFC 9110 §12.5 reads them.
@Suite struct HTTPNegotiationTests {
    @Test(arguments: [
        (["gzip"], true), (["GZIP"], true), (["x-gzip"], true), (["deflate, gzip;q=0.5"], true),
        (["br", "gzip"], true),
        (["*"], true), (["br;q=1, *;q=0.1"], true), ([], false), ([""], false), (["identity"], false),
        (["gzip;q=0"], false), (["gzip; q=0.000"], false), (["*;q=0"], false), (["gzip;q=0, *"], false),
        (["gzip;q=abc"], false), (["gzip;q=2"], false),
    ])
    func gzipIsAcceptedWhenNamedOrCoveredWithAQualityAboveZero(values: [String], accepted: Bool) {
        #expect(HTTPNegotiation.accepts(coding: "gzip", in: values) == accepted)
    }

    static let formats = ["application/json", "application/x-ndjson", "text/csv"]

    @Test(arguments: [
        (["text/csv"], "text/csv"), (["*/*"], "application/json"), (["text/*"], "text/csv"),
        (["text/html,application/xhtml+xml,*/*;q=0.8"], "application/json"),
        (["application/x-ndjson;q=0.9, application/json;q=0.5"], "application/x-ndjson"),
        (["application/json, text/csv"], "application/json"), (["TEXT/CSV; charset=utf-8"], "text/csv"),
        (["*/*;q=0.1", "text/csv;q=0"], "application/json"), (["image/png"], nil), ([], nil),
    ])
    func theMostPreferredTypeWinsTheFirstOnATie(values: [String], chosen: String?) {
        #expect(HTTPNegotiation.preferred(Self.formats, in: values) == chosen)
    }
}
