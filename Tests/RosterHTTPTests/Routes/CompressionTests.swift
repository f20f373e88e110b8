import Foundation
import RosterModel
import Testing

@testable import RosterHTTP

/// Answers gzipped for clients that accept it, streamed lists too, and the format chosen by `Accept`.
@Suite struct CompressionTests {
    static let gzip: HTTPHeaders = ["Accept-Encoding": "gzip, deflate"]

    /// The body's bytes, read to its end when streamed, a few bytes at a time as a slow client takes them.
    static func bytes(_ response: HTTPResponse, readingAtMost size: Int = 1000) throws -> [UInt8] {
        switch response.body {
        case .bytes(let bytes): return bytes
        case .stream(let stream):
            defer { stream.close() }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: size)
            while true {
                let count = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
                if count == 0 { return bytes }
                bytes += buffer[..<count]
            }
        }
    }

    /// `bytes` decompressed by gzip(1), which knows nothing of this code; nil when gzip finds them incomplete or
    /// corrupt.
    static func gunzip(_ bytes: [UInt8]) throws -> [UInt8]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gzip")
        process.arguments = ["-dc"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let writer = Thread {
            input.fileHandleForWriting.write(Data(bytes))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? Array(out) : nil
    }

    @Test(arguments: [
        "/api/players?sort=goals:desc", "/api/players?format=ndjson", "/api/players?format=csv", "/api/players/3",
        "/api/stats?by=club", "/api/stats", "/api/health", "/api/players?min_goal=1", "/", "/stats",
        "/players/3", "/players/999", "/nothing",
    ])
    func aGzipAnswerDecompressesToThePlainOne(target: String) throws {
        let fixture = try ServeFixture()
        let plain = fixture.get(target)
        let gzipped = fixture.get(target, headers: Self.gzip)
        #expect(plain.headers["Content-Encoding"] == nil)
        #expect(gzipped.headers["Content-Encoding"] == "gzip")
        #expect(gzipped.status == plain.status)
        #expect(gzipped.headers["Content-Type"] == plain.headers["Content-Type"])
        for response in [plain, gzipped] {
            #expect(response.headers["Vary"]?.hasSuffix("Accept-Encoding") == true, "\(target)")
        }
        let plainBytes = try Self.bytes(plain)
        let gzippedBytes = try Self.bytes(gzipped, readingAtMost: 7)
        #expect(gzippedBytes != plainBytes)
        #expect(try Self.gunzip(gzippedBytes) == plainBytes, "\(target)")
        // A stream stays a stream.
        if case .stream = plain.body {
            guard case .stream = gzipped.body else {
                Issue.record("\(target) is no longer streamed")
                return
            }
        }
    }

    @Test(arguments: [nil, "identity", "gzip;q=0", "br", "*;q=0"])
    func withoutGzipAcceptedTheAnswerIsPlain(acceptEncoding: String?) throws {
        let fixture = try ServeFixture()
        let headers: HTTPHeaders = acceptEncoding.map { ["Accept-Encoding": $0] } ?? [:]
        for target in ["/api/players", "/api/players?format=csv", "/"] {
            let response = fixture.get(target, headers: headers)
            #expect(response.headers["Content-Encoding"] == nil)
            #expect(try Self.bytes(response) == (try Self.bytes(fixture.get(target))))
        }
    }

    /// A list of thousands of rows is gzipped as it streams, and its tag tells the gzipped form apart.
    @Test func aLongStreamIsGzippedWhole() throws {
        let fixture = try ServeFixture(
            players: (0..<5_000).map { Player(name: "Player \($0)", position: .striker, goals: $0 % 50) })
        let plain = try Self.bytes(fixture.get("/api/players?format=ndjson"))
        let response = fixture.get("/api/players?format=ndjson", headers: Self.gzip)
        let gzipped = try Self.bytes(response, readingAtMost: 4096)
        #expect(gzipped.count < plain.count / 4)
        #expect(try Self.gunzip(gzipped) == plain)
        #expect(response.headers["ETag"]?.hasSuffix("-gzip\"") == true)
        #expect(fixture.get("/api/players?format=ndjson").headers["ETag"]?.hasSuffix("-gzip\"") == false)
    }

    /// A source that fails cuts the gzipped body off before its trailer: gzip finds it incomplete.
    @Test func aStreamThatFailsIsCutOffIncomplete() throws {
        var pieces = 0
        let source = HTTPChunkStream(next: {
            pieces += 1
            if pieces > 3 { throw GzipFailed(status: -99) }
            return Array(String(repeating: "row \(pieces)\n", count: 2_000).utf8)
        })
        let gzip = try #require(GzipStream(source, level: GzipStream.streamLevel))
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        #expect(throws: GzipFailed.self) {
            while true {
                let count = try buffer.withUnsafeMutableBytes { try gzip.read(into: $0) }
                if count == 0 { break }
                bytes += buffer[..<count]
            }
        }
        gzip.close()
        #expect(try Self.gunzip(bytes) == nil)
    }

    /// HEAD gives the gzipped body's length, and a tag the client holds for the gzipped form gets 304.
    @Test func headAndNotModifiedKeepWorking() throws {
        let fixture = try ServeFixture()
        for target in ["/", "/api/players", "/stats"] {
            let get = fixture.get(target, headers: Self.gzip)
            let head = fixture.get(target, method: "HEAD", headers: Self.gzip)
            #expect(head.status == .ok)
            #expect(head.headers["Content-Encoding"] == "gzip")
            #expect(try Self.bytes(head) == (try Self.bytes(get)), "\(target): HEAD's length is GET's")
            let tag = try #require(get.headers["ETag"])
            var conditional = Self.gzip
            conditional["If-None-Match"] = tag
            let notModified = fixture.get(target, headers: conditional)
            #expect(notModified.status == .notModified, "\(target)")
            #expect(notModified.headers["ETag"] == tag)
            #expect(notModified.headers["Vary"]?.hasSuffix("Accept-Encoding") == true)
            #expect(try Self.bytes(notModified) == (try Self.bytes(get)), "\(target): 304's length is the 200's")
            // The plain form has a tag of its own: the gzipped one's does not stand for it.
            let plain = fixture.get(target, headers: ["If-None-Match": tag])
            #expect(plain.status == .ok)
            #expect(plain.headers["ETag"] != tag)
        }
        let streamed = fixture.get("/api/players?format=csv", method: "HEAD", headers: Self.gzip)
        #expect(streamed.status == .ok && streamed.headers["Content-Encoding"] == "gzip")
        if case .stream(let stream) = streamed.body { stream.close() }
    }

    /// `Accept` chooses the list's format as `format=` does, when `format=` is not given.
    @Test func acceptChoosesTheFormat() throws {
        let fixture = try ServeFixture()
        let csv = fixture.get("/api/players?position=FW", headers: ["Accept": "text/csv"])
        #expect(csv.headers["Content-Type"] == ListFormat.csv.contentType)
        #expect(csv.headers["Vary"] == "Accept, Accept-Encoding")
        #expect(try Self.bytes(csv) == (try Self.bytes(fixture.get("/api/players?position=FW&format=csv"))))
        let ndjson = fixture.get("/api/players", headers: ["Accept": "application/x-ndjson, */*;q=0.1"])
        #expect(ndjson.headers["Content-Type"] == "application/x-ndjson")
        let json = fixture.get("/api/players", headers: ["Accept": "text/html,*/*;q=0.8"])
        #expect(json.headers["Content-Type"] == "application/json")
        // Each form of the one URL has a tag of its own.
        let tags = [csv, ndjson, json].compactMap { $0.headers["ETag"] }
        #expect(Set(tags).count == 3)
        // format= decides when given, and the answer does not vary with Accept.
        let given = fixture.get("/api/players?format=json", headers: ["Accept": "text/csv"])
        #expect(given.headers["Content-Type"] == "application/json")
        #expect(given.headers["Vary"] == "Accept-Encoding")
        let conflict = fixture.get("/api/players?page=2", headers: ["Accept": "text/csv"])
        #expect(conflict.status == .badRequest)
        #expect(ServeFixture.text(conflict).contains("'page' cannot be combined with 'Accept: text/csv'"))
        for response in [csv, ndjson] { if case .stream(let stream) = response.body { stream.close() } }
    }
}
