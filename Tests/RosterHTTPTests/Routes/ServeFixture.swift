import Foundation
import RosterModel
import RosterRepository
import RosterService
import TestSupport
import Testing

@testable import RosterHTTP

/// A sample roster in its own folder and a worker over it, called without a socket.
final class ServeFixture {
    let folder: TemporaryDirectory
    let path: String
    let cache = ResultCache()
    var options: ServeOptions
    private(set) var worker: RosterRoutes
    static let day = CalendarDate(year: 2026, month: 6, day: 1)!

    init(players: [Player]? = nil, configure: (inout ServeOptions) -> Void = { _ in }) throws {
        folder = try TemporaryDirectory()
        path = folder.path("roster.db")
        if let players {
            try RosterDatabase(path: path, mode: .createIfMissing).write(madeBy: "test") { store in
                for player in players { try store.insert(player) }
            }
        } else {
            _ = try Roster(path: path, access: .write).loadSampleIfEmpty()
        }
        options = ServeOptions(path: path)
        options.today = { ServeFixture.day }
        configure(&options)
        worker = try RosterRoutes(options: options, cache: cache)
    }

    /// The response to `GET target` (or `method`), with `headers`.
    func get(_ target: String, method: String = "GET", headers: HTTPHeaders = [:]) -> HTTPResponse {
        worker.respond(to: HTTPRequest(method: method, rawTarget: target, headers: headers))
    }

    /// The body, read to its end when streamed.
    static func text(_ response: HTTPResponse) -> String {
        switch response.body {
        case .bytes(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .stream(let stream):
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 1000)
            while true {
                let count = (try? buffer.withUnsafeMutableBytes { try stream.read(into: $0) }) ?? 0
                if count == 0 { break }
                bytes += buffer[..<count]
            }
            stream.close()
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    static func json(_ response: HTTPResponse) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text(response).utf8)) as? [String: Any] ?? [:]
    }

    /// The members of an error, an RFC 9457 problem: sent as `application/problem+json`, with its type's URI and
    /// title and the response's status, else the test fails.
    static func problem(_ response: HTTPResponse, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> [String: Any]
    {
        #expect(response.headers["Content-Type"] == "application/problem+json", sourceLocation: sourceLocation)
        let members = try json(response)
        let type = try #require(
            ProblemType.allCases.first { $0.status == response.status && members["type"] as? String == $0.uri },
            "\(members)", sourceLocation: sourceLocation)
        #expect(members["title"] as? String == type.title, sourceLocation: sourceLocation)
        #expect(members["status"] as? Int == response.status.code, sourceLocation: sourceLocation)
        #expect(members["detail"] is String, sourceLocation: sourceLocation)
        return members
    }

    /// Writes through another connection, as an import would.
    func write(_ body: (PlayerRepository) throws -> Void) throws {
        try RosterDatabase(path: path, mode: .createIfMissing).write(madeBy: "test", body)
    }
}
