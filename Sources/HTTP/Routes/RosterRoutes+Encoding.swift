extension RosterRoutes {
    /// The answers gzipped for a client that accepts it: text that compresses to a fraction of its size.
    static let compressibleTypes = [
        "application/json", "application/problem+json", "application/x-ndjson", "text/csv", "text/html",
    ]

    /// `response` gzipped when its type compresses and the request's `Accept-Encoding` accepts gzip, a streamed
    /// body as it is sent; either way such a response says `Vary: Accept-Encoding`, so that a cache keeps each form
    /// apart. A response encoded already is left as it is.
    static func encoded(_ response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
        guard response.headers["Content-Encoding"] == nil, !varies(response, on: "Accept-Encoding"),
            let type = response.headers["Content-Type"], compressibleTypes.contains(where: { type.hasPrefix($0) })
        else { return response }
        var response = response
        response.headers["Vary"] = (response.headers["Vary"].map { $0 + ", " } ?? "") + "Accept-Encoding"
        guard HTTPNegotiation.accepts(coding: "gzip", in: request.headers.values(named: "Accept-Encoding")) else {
            return response
        }
        switch response.body {
        case .bytes(let bytes):
            guard let compressed = GzipStream.compress(bytes) else { return response }
            response.body = .bytes(compressed)
        case .stream(let stream):
            guard let gzip = GzipStream(stream, level: GzipStream.streamLevel) else { return response }
            response.body = .stream(gzip)
        }
        response.headers["Content-Encoding"] = "gzip"
        return response
    }

    /// Whether the response's `Vary` names `field`.
    static func varies(_ response: HTTPResponse, on field: String) -> Bool {
        response.headers.values(named: "Vary").contains { value in
            value.split(separator: ",").contains { HTTPHeaders.namesMatch($0.trimmingWhiteSpace(), field) }
        }
    }

    /// What tells apart the forms one URL answers in, for its ETag (each form has a tag of its own, RFC 9110
    /// §8.8.3): `-csv` or `-ndjson` for a list in the format `Accept` chose, `-gzip` for a gzipped body.
    static func variant(of response: HTTPResponse) -> String {
        var variant = ""
        if varies(response, on: "Accept"), let type = response.headers["Content-Type"] {
            variant +=
                ListFormat.allCases.first { $0 != .json && type.hasPrefix($0.contentType) }.map { "-" + $0.rawValue }
                ?? ""
        }
        if response.headers["Content-Encoding"] == "gzip" { variant += "-gzip" }
        return variant
    }
}
