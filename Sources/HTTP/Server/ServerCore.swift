import CMicroHTTPD
import Glibc
import RosterModel
import Synchronization

/// The state libmicrohttpd's callbacks reach through their `cls` pointer, and the callbacks themselves: the
/// request target captured before the library parses it, a response built from the worker's `HTTPResponse`, and
/// body streams read on demand.
///
/// Each request is answered on the second call of the access handler, not the first: a response queued on the
/// first call makes the library close the connection (it cannot know the body was empty), which would cost every
/// request a new connection. A request that announces a body is answered on the first call, its body never read
/// and its connection closed after the response, unless its worker asks for the body
/// (`HTTPWorker.respond(beforeBody:)`): the library then hands the body over in pieces through further calls, each
/// kept (`HTTPRequestBody`) and counted against the limit, and the last call, with no piece, answers the request.
final class ServerCore: @unchecked Sendable {
    /// Set by `HTTPServer.start` once the server runs: messages go to the log from then on.
    let running = Atomic(false)
    /// Set by `HTTPServer.stop()`: responses then say `Connection: close`.
    let stopping = Atomic(false)
    /// Requests whose request line arrived and which have not finished, successfully or not.
    let requestsInFlight = Atomic(0)
    /// Told of each connection the library closes; set before the first connection is accepted.
    var acceptor: ConnectionAcceptor?

    /// One per pool thread, claimed by each thread on its first request; emptied after the threads ended.
    private var workers: [WorkerSlot]
    private let nextWorker = Atomic(0)
    private let limits: HTTPRequestLimits
    private let maximumBodyBytes: Int
    /// How the server words its own refusals (`HTTPServerConfiguration.refusal`).
    private let refusal: @Sendable (HTTPStatus, String) -> HTTPResponse
    /// The timeouts of a connection, in seconds: while it waits, and while it sends a streamed body.
    private let connectionTimeout: UInt32
    private let streamTimeout: UInt32
    /// The calling thread's `WorkerSlot`, once it has claimed one.
    private var threadKey = pthread_key_t()
    /// Where messages go, a few a second at most; nil to drop them.
    let messages: MessageThrottle?
    private let lastMessage = Locked<String?>(nil)

    init(workers: [any HTTPWorker], configuration: HTTPServerConfiguration) {
        self.workers = workers.map(WorkerSlot.init)
        self.limits = configuration.limits
        self.maximumBodyBytes = configuration.maximumBodyBytes
        self.refusal = configuration.refusal
        self.connectionTimeout = UInt32(configuration.connectionTimeoutSeconds)
        self.streamTimeout = UInt32(configuration.streamTimeoutSeconds)
        self.messages = configuration.log.map { MessageThrottle(log: $0) }
        pthread_key_create(&threadKey, nil)
    }

    deinit {
        pthread_key_delete(threadKey)
    }

    /// Releases the workers (closing what they hold) once no thread can call them any more.
    func releaseWorkers() {
        workers = []
    }

    /// The library's last message, for the error of a failed start.
    var lastLibraryMessage: String? { lastMessage.withLock { $0 } }

    // MARK: - Callbacks

    /// Fills in the callbacks of `settings`. They are closures without captures, which Swift passes as C function
    /// pointers; `settings.cls` leads them to the core.
    static func install(in settings: inout cmhd_settings) {
        settings.uri_callback = { cls, uri, _ in
            ServerCore.core(cls).requestsInFlight.add(1, ordering: .relaxed)
            let target = uri.map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) } ?? []
            // Taken whole above; the library need not file the query's pieces, which could fill its memory.
            if let uri { cmhd_leave_query_unparsed(uri) }
            return Unmanaged.passRetained(RequestState(rawTarget: target)).toOpaque()
        }
        settings.handler = { cls, connection, _, method, version, uploadData, uploadDataSize, context in
            guard let connection, let method, let state = context?.pointee else { return .NO }
            let request = Unmanaged<RequestState>.fromOpaque(state).takeUnretainedValue()
            let core = ServerCore.core(cls)
            // A piece of the body: kept, and answered only once the body is whole (or too large).
            if let uploadDataSize, uploadDataSize.pointee > 0 {
                let piece = UnsafeRawBufferPointer(start: uploadData, count: uploadDataSize.pointee)
                uploadDataSize.pointee = 0
                return core.receive(piece, on: connection, state: request)
            }
            return core.handle(connection, method: method, version: version, state: request)
        }
        settings.completed_callback = { cls, connection, context, _ in
            // A streamed body had the stream timeout; the connection waits for its next request with its own, and
            // has as long for that request's head.
            if let connection {
                _ = cmhd_set_connection_timeout(connection, ServerCore.core(cls).connectionTimeout)
                ServerCore.core(cls).acceptor?.registry.answered(on: connection)
            }
            guard let context, let state = context.pointee else { return }
            Unmanaged<RequestState>.fromOpaque(state).release()
            context.pointee = nil
            ServerCore.core(cls).requestsInFlight.subtract(1, ordering: .releasing)
        }
        settings.connection_callback = { cls, connection, _, event in
            guard let connection, let acceptor = ServerCore.core(cls).acceptor else { return }
            if event == .CONNECTION_NOTIFY_STARTED {
                acceptor.registry.started(connection, descriptor: cmhd_connection_fd(connection))
            } else if event == .CONNECTION_NOTIFY_CLOSED {
                acceptor.registry.closed(connection)
                acceptor.connectionClosed()
            }
        }
        settings.logger = { cls, format, arguments in
            guard let format, let arguments else { return }
            var buffer = [CChar](repeating: 0, count: 512)
            vsnprintf(&buffer, buffer.count, format, arguments)
            var message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            while message.last?.isNewline == true { message.removeLast() }
            ServerCore.core(cls).record(message)
        }
    }

    private static func core(_ cls: UnsafeMutableRawPointer?) -> ServerCore {
        Unmanaged<ServerCore>.fromOpaque(cls!).takeUnretainedValue()
    }

    func record(_ message: String) {
        lastMessage.withLock { $0 = message }
        // Until the server runs, a message is the reason it does not start, which its error gives.
        if running.load(ordering: .acquiring) { messages?.record(message) }
    }

    // MARK: - Requests

    private func handle(
        _ connection: OpaquePointer, method: UnsafePointer<CChar>, version: UnsafePointer<CChar>?,
        state: RequestState
    ) -> MHD_Result {
        var announcesBody = false
        if !state.headersSeen {
            state.headersSeen = true
            state.letInPastTheLimit = acceptor?.registry.headReceived(on: connection) ?? false
            announcesBody = Self.announcesBody(connection)
            // Answered now, the request closes its connection: one let in past the limit, one with a body.
            if !state.letInPastTheLimit && !announcesBody { return .YES }
        }
        var request = HTTPRequest(
            method: String(cString: method), rawTarget: state.rawTarget,
            version: version.map { String(cString: $0) } ?? "",
            headers: Self.headers(of: connection))
        request.body = state.body
        if let refusal = state.refusal {
            state.refusal = nil
            return queue(refusal, for: request, on: connection, closing: true)
        }
        if state.letInPastTheLimit, let acceptor {
            var busy = refusal(
                .serviceUnavailable,
                "the server is busy: its \(acceptor.limit) connections are all taken; try again in a moment")
            busy.headers["Retry-After"] = "1"
            return queue(busy, for: request, on: connection, closing: true)
        }
        if let violation = limits.violation(by: request) {
            return queue(limits.response(to: violation, refusal), for: request, on: connection, closing: true)
        }
        if let malformation = request.malformation {
            let response = refusal(.badRequest, malformation)
            return queue(response, for: request, on: connection, closing: true)
        }
        guard let slot = workerForCurrentThread() else {
            record("no worker left for a thread of the pool")
            return queue(failure(.serviceUnavailable), for: request, on: connection)
        }
        if announcesBody {
            if let response = slot.worker.respond(beforeBody: request) {
                return queue(response, for: request, on: connection)
            }
            if let length = Self.contentLength(connection), length > maximumBodyBytes {
                return queue(bodyTooLarge(), for: request, on: connection, closing: true)
            }
            // The library reads the body now (after `100 Continue` when the client waits for it).
            state.body = HTTPRequestBody()
            return .YES
        }
        return queue(slot.worker.respond(to: request), for: request, on: connection)
    }

    /// Keeps a piece of a request's body. The library takes no response until the body has arrived: one past the
    /// limit (sent in chunks, without a length to refuse it by) is dropped as it comes and answered 413 at its end,
    /// unless it goes on for `discardBytes` more, when the connection is closed without an answer; a body that
    /// cannot be kept is answered 503 at its end.
    private func receive(_ piece: UnsafeRawBufferPointer, on connection: OpaquePointer, state: RequestState)
        -> MHD_Result
    {
        guard let body = state.body else { return .YES }
        if state.refusal != nil || body.count + piece.count > maximumBodyBytes {
            if state.refusal == nil { state.refusal = bodyTooLarge() }
            state.discarded += piece.count
            return state.discarded > Self.discardBytes ? .NO : .YES
        }
        do {
            try body.append(piece)
        } catch {
            record("\(error)")
            state.refusal = failure(.serviceUnavailable)
        }
        return .YES
    }

    /// Bytes of a body past the limit read and dropped before its connection is closed.
    private static let discardBytes = 16 << 20

    /// The answer to a body over the limit.
    private func bodyTooLarge() -> HTTPResponse {
        refusal(
            .contentTooLarge, "the request body is larger than the limit of \(maximumBodyBytes.groupedDigits) bytes")
    }

    /// The body's length as its `Content-Length` gives it; nil without one (a body sent in chunks).
    private static func contentLength(_ connection: OpaquePointer) -> Int? {
        guard let length = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") else { return nil }
        let text = String(cString: length).trimmingWhiteSpace()
        // Digits too many for an Int are larger than any limit.
        return text.isDigits ? Int(text) ?? Int.max : nil
    }

    /// The worker of the calling pool thread, claimed on the thread's first request.
    private func workerForCurrentThread() -> WorkerSlot? {
        if let slot = pthread_getspecific(threadKey) {
            return Unmanaged<WorkerSlot>.fromOpaque(slot).takeUnretainedValue()
        }
        let index = nextWorker.add(1, ordering: .relaxed).oldValue
        guard index < workers.count else { return nil }
        pthread_setspecific(threadKey, Unmanaged.passUnretained(workers[index]).toOpaque())
        return workers[index]
    }

    /// Whether the request says a body follows (a Content-Length other than 0, or a Transfer-Encoding).
    private static func announcesBody(_ connection: OpaquePointer) -> Bool {
        if MHD_lookup_connection_value(connection, .HEADER_KIND, "Transfer-Encoding") != nil { return true }
        guard let length = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") else {
            return false
        }
        return UnsafeRawBufferPointer(start: length, count: strlen(length)).contains { $0 != UInt8(ascii: "0") }
    }

    /// The request's header fields in the order received; bytes that are not UTF-8 show as U+FFFD.
    private static func headers(of connection: OpaquePointer) -> HTTPHeaders {
        var fields: [HTTPHeaders.Field] = []
        withUnsafeMutablePointer(to: &fields) { pointer in
            _ = MHD_get_connection_values_n(
                connection, .HEADER_KIND,
                { cls, _, key, keySize, value, valueSize in
                    guard let cls, let key else { return .YES }
                    func text(_ start: UnsafePointer<CChar>?, _ count: Int) -> String {
                        guard let start else { return "" }
                        return String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
                    }
                    cls.assumingMemoryBound(to: [HTTPHeaders.Field].self).pointee.append(
                        HTTPHeaders.Field(name: text(key, keySize), value: text(value, valueSize)))
                    return .YES
                }, pointer)
        }
        return HTTPHeaders(fields)
    }

    // MARK: - Responses

    /// Hands `response` to the library, to close the connection after it when `closing` or stopping; a response
    /// it cannot send becomes a 500, and the problem is logged.
    private func queue(
        _ response: HTTPResponse, for request: HTTPRequest, on connection: OpaquePointer,
        closing: Bool = false
    ) -> MHD_Result {
        var response = response
        if let problem = response.headerProblem {
            record("answered 500 instead: \(problem)")
            if case .stream(let stream) = response.body { stream.close() }
            response = failure(.internalServerError)
        }
        guard let handle = makeLibraryResponse(for: response.body) else {
            record("no memory for a response; closing the connection")
            return .NO
        }
        defer { MHD_destroy_response(handle) }
        if case .stream = response.body {
            if request.isHead || !Self.allowsBody(response.status) {
                // The library never reads the stream then (it closes it with the response); without chunks, it
                // sends no length and closes the connection after the headers.
                _ = cmhd_send_without_chunks(handle)
            } else {
                _ = cmhd_set_connection_timeout(connection, streamTimeout)
            }
        }
        for field in response.headers {
            // withCString hands over a native String's own bytes: passing the Strings as arguments would copy each.
            let added = field.name.withCString { name in
                field.value.withCString { MHD_add_response_header(handle, name, $0) }
            }
            guard added == .YES else {
                record("no memory for the response header \(field.name); closing the connection")
                return .NO
            }
        }
        if closing || stopping.load(ordering: .acquiring) {
            _ = MHD_add_response_header(handle, "Connection", "close")
        }
        return MHD_queue_response(connection, UInt32(response.status.code), handle)
    }

    /// The library's response for `body`: a copy of the bytes, or a reader that pulls the stream.
    private func makeLibraryResponse(for body: HTTPBody) -> OpaquePointer? {
        switch body {
        case .bytes(let bytes):
            return bytes.withUnsafeBytes { raw in
                MHD_create_response_from_buffer(
                    raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress),
                    .RESPMEM_MUST_COPY)
            }
        case .stream(let stream):
            let box = Unmanaged.passRetained(StreamBox(stream: stream, core: self))
            // An unknown size makes the library send HTTP/1.1 bodies in chunks. The block size only matters for
            // HTTP/1.0 clients; chunks are as large as the connection's memory leaves room for.
            let handle = MHD_create_response_from_callback(
                UInt64.max, 16 * 1024,
                { cls, _, buffer, maximum in
                    guard let cls, let buffer else { return StreamBox.failed }
                    let box = Unmanaged<StreamBox>.fromOpaque(cls).takeUnretainedValue()
                    return box.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: maximum))
                }, box.toOpaque(),
                { cls in
                    guard let cls else { return }
                    Unmanaged<StreamBox>.fromOpaque(cls).takeRetainedValue().stream.close()
                })
            if handle == nil {
                box.takeRetainedValue().stream.close()
            }
            return handle
        }
    }

    /// Whether a response of `status` has a body (RFC 9110 §6.4.1): not 1xx, 204 or 304.
    private static func allowsBody(_ status: HTTPStatus) -> Bool {
        status.code >= 200 && status != .noContent && status != .notModified
    }

    private func failure(_ status: HTTPStatus) -> HTTPResponse {
        refusal(status, status == .serviceUnavailable ? "service unavailable" : "internal server error")
    }

    fileprivate func streamFailed(_ error: any Error) {
        record("a streamed body failed and was cut off: \(error)")
    }
}

// MARK: - Per-request state

/// What the server keeps of one request between the library's callbacks.
private final class RequestState {
    /// The target as the request line holds it, before the library splits and decodes it.
    let rawTarget: [UInt8]
    /// Whether the access handler was called once (with the headers) already.
    var headersSeen = false
    /// Whether the request came on a connection let in past the limit, to be answered 503.
    var letInPastTheLimit = false
    /// The body received so far, once the worker asked for it.
    var body: HTTPRequestBody?
    /// The answer to a body refused while it came (over the limit, or not kept), sent once it has ended.
    var refusal: HTTPResponse?
    /// Bytes of a refused body dropped so far.
    var discarded = 0

    init(rawTarget: [UInt8]) {
        self.rawTarget = rawTarget
    }
}

/// A worker, which one pool thread claims and keeps as its own.
private final class WorkerSlot {
    var worker: any HTTPWorker

    init(_ worker: any HTTPWorker) {
        self.worker = worker
    }
}

/// A body stream handed to the library's content reader.
private final class StreamBox {
    /// What the library's content reader returns at the end of a body, and for a body that failed.
    static let ended = -1
    static let failed = -2

    let stream: any HTTPBodyStream
    unowned let core: ServerCore

    init(stream: any HTTPBodyStream, core: ServerCore) {
        self.stream = stream
        self.core = core
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        do {
            let count = try stream.read(into: buffer)
            guard count <= buffer.count else {
                core.streamFailed(StreamOverrun(count: count, capacity: buffer.count))
                return Self.failed
            }
            return count == 0 ? Self.ended : count
        } catch {
            core.streamFailed(error)
            return Self.failed
        }
    }
}

/// A stream that claimed to write more than the buffer holds.
private struct StreamOverrun: Error, CustomStringConvertible {
    let count: Int
    let capacity: Int

    var description: String { "read(into:) returned \(count) for a buffer of \(capacity) bytes" }
}
