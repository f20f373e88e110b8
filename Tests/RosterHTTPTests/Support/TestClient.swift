import Glibc

@testable import RosterHTTP

/// A minimal HTTP/1.1 client over one TCP connection, so that tests control exactly what is sent and see exactly
/// what comes back: several requests on one connection, raw request lines, a reader that stops reading.
final class TestClient {
    struct Failure: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// One response as read from the connection.
    struct Response {
        let status: Int
        let headers: HTTPHeaders
        let body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    let descriptor: Int32
    /// Bytes received and not consumed yet.
    private var pending: [UInt8] = []
    private var pendingStart = 0

    /// Connects to 127.0.0.1:`port`. `receiveBuffer` shrinks the socket's receive buffer (set before connecting,
    /// so the TCP window agrees), for tests of what the server does when a client reads slowly.
    init(port: UInt16, receiveBuffer: Int32? = nil) throws {
        // Kept in a local until connected: once every stored property is set, a throw runs deinit, which would
        // close the descriptor a second time (by then perhaps another test's socket).
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        // A test never waits for ever: a read that gets nothing for 30 s fails, and so does a connect or a send
        // that cannot proceed for 5 s (Linux applies SO_SNDTIMEO to connect).
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var sendTimeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(descriptor)
            throw Failure(description: "connect: \(String(cString: strerror(code)))")
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Whether a connection to 127.0.0.1:`port` is accepted by the kernel at all.
    static func canConnect(to port: UInt16) -> Bool {
        (try? TestClient(port: port)) != nil
    }

    // MARK: - Sending

    func send(_ text: String) throws {
        try send(bytes: Array(text.utf8))
    }

    func send(bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(
                    descriptor, $0.baseAddress, $0.count,
                    Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
            offset += sent
        }
    }

    /// Sends `GET` (or `method`) for `target` with a Host header and `extraHeaders` lines.
    func request(_ method: String = "GET", _ target: String, extraHeaders: [String] = []) throws {
        let head = (["\(method) \(target) HTTP/1.1", "Host: localhost"] + extraHeaders).joined(separator: "\r\n")
        try send(head + "\r\n\r\n")
    }

    // MARK: - Receiving

    /// Reads one response; `head: true` for the answer to a HEAD request, which has headers only.
    func readResponse(head: Bool = false) throws -> Response {
        let statusLine = try readLine()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw Failure(description: "not a status line: \(statusLine)")
        }
        var headers = HTTPHeaders()
        while true {
            let line = try readLine()
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else { throw Failure(description: "not a header: \(line)") }
            headers.add(String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
        if head || status == 204 || status == 304 {
            return Response(status: status, headers: headers, body: [])
        }
        if headers["Transfer-Encoding"] == "chunked" {
            var body: [UInt8] = []
            try readChunks { body += $0 }
            return Response(status: status, headers: headers, body: body)
        }
        if let length = headers["Content-Length"].flatMap({ Int($0) }) {
            return Response(status: status, headers: headers, body: try read(count: length))
        }
        return Response(status: status, headers: headers, body: try readToEnd())
    }

    /// Reads a chunked body, handing each chunk's bytes to `consume` as they arrive.
    func readChunks(_ consume: ([UInt8]) throws -> Void) throws {
        while true {
            let sizeLine = try readLine()
            guard let size = Int(sizeLine.split(separator: ";")[0], radix: 16) else {
                throw Failure(description: "not a chunk size: \(sizeLine)")
            }
            if size == 0 {
                while try !readLine().isEmpty {}
                return
            }
            var left = size
            while left > 0 {
                let piece = try read(upTo: left)
                try consume(piece)
                left -= piece.count
            }
            guard try readLine().isEmpty else { throw Failure(description: "chunk not followed by CRLF") }
        }
    }

    /// Reads the status line and headers of a response, leaving its body on the connection.
    func readHead() throws -> (status: Int, headers: HTTPHeaders) {
        let statusLine = try readLine()
        guard let status = Int(statusLine.split(separator: " ")[1]) else {
            throw Failure(description: "not a status line: \(statusLine)")
        }
        var headers = HTTPHeaders()
        while true {
            let line = try readLine()
            if line.isEmpty { break }
            let colon = line.firstIndex(of: ":")!
            headers.add(String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
        return (status, headers)
    }

    /// Whether the server closed the connection: the next read finds its end (waits up to 30 s for it).
    func isClosedByServer() -> Bool {
        if pendingStart < pending.count { return false }
        var byte: UInt8 = 0
        while true {
            let count = recv(descriptor, &byte, 1, 0)
            if count == 0 { return true }
            if count < 0 && errno == EINTR { continue }
            // A reset is a close too; a timeout or a byte is not.
            return count < 0 && errno == ECONNRESET
        }
    }

    /// Whether bytes arrive (or the connection ends) within `milliseconds`.
    func hasData(withinMilliseconds milliseconds: Int32) -> Bool {
        if pendingStart < pending.count { return true }
        var descriptor = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }

    func readToEnd() throws -> [UInt8] {
        var bytes = Array(pending[pendingStart...])
        pending = []
        pendingStart = 0
        while let more = try receive() { bytes += more }
        return bytes
    }

    func read(count: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < count { bytes += try read(upTo: count - bytes.count) }
        return bytes
    }

    /// At least one and at most `limit` bytes.
    func read(upTo limit: Int) throws -> [UInt8] {
        if pendingStart == pending.count {
            guard let more = try receive() else { throw Failure(description: "connection closed mid-response") }
            pending = more
            pendingStart = 0
        }
        let end = min(pending.count, pendingStart + limit)
        defer { pendingStart = end }
        return Array(pending[pendingStart..<end])
    }

    private func readLine() throws -> String {
        var line: [UInt8] = []
        while true {
            let byte = try read(upTo: 1)[0]
            if byte == UInt8(ascii: "\n") { break }
            line.append(byte)
        }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
    }

    /// The next bytes from the socket, nil at its end.
    private func receive() throws -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 { return Array(buffer[..<count]) }
            if count == 0 || errno == ECONNRESET { return nil }
            if errno == EINTR { continue }
            throw Failure(description: "recv: \(String(cString: strerror(errno)))")
        }
    }
}
