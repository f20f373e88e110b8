import Glibc
import RosterHTTP
import RosterModel

/// Answers every request with a fixed body, and keeps what it saw.
final class FixedWorker: HTTPWorker {
    let body: [UInt8]
    let log: RequestLog

    init(body: String = "hello", log: RequestLog = RequestLog()) {
        self.body = Array(body.utf8)
        self.log = log
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        log.record(request)
        return HTTPResponse(
            status: .ok, headers: ["Content-Type": "text/plain", "X-Method": request.method],
            body: .bytes(body))
    }
}

/// The requests workers received, across threads.
final class RequestLog: Sendable {
    private let requests = Locked<[HTTPRequest]>([])

    func record(_ request: HTTPRequest) {
        requests.withLock { $0.append(request) }
    }

    var all: [HTTPRequest] { requests.withLock { $0 } }
}

/// A gate a worker waits at until the test opens it, and that tells the test a worker arrived.
final class Gate: Sendable {
    private let state = Locked((arrived: 0, open: false))

    /// Called by a worker: counts its arrival, then waits until the gate opens.
    func pass() {
        state.withLock { $0.arrived += 1 }
        while !state.withLock({ $0.open }) { sleepBriefly() }
    }

    func open() {
        state.withLock { $0.open = true }
    }

    /// Waits (up to 30 s) until `count` workers arrived; false if they did not.
    func waitForArrivals(_ count: Int) -> Bool {
        waitUntil { self.state.withLock { $0.arrived >= count } }
    }
}

/// Waits until `condition` holds, checking every millisecond, for up to `seconds`; whether it came to hold.
func waitUntil(seconds: Double = 30, _ condition: () -> Bool) -> Bool {
    let start = MonotonicClock.now()
    while !condition() {
        if MonotonicClock.seconds(since: start) >= seconds { return false }
        sleepBriefly()
    }
    return true
}

func sleepBriefly() {
    var time = timespec(tv_sec: 0, tv_nsec: 1_000_000)
    nanosleep(&time, nil)
}

/// The calling thread, as a number that can be compared and stored.
func currentThread() -> UInt {
    UInt(pthread_self())
}

/// Answers with the method and the raw target.
final class EchoWorker: HTTPWorker {
    func respond(to request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(headers: ["Content-Type": "text/plain"], body: .text("\(request.method) \(request.rawTarget)"))
    }
}

/// Serves GET and HEAD and answers 405 to every other method, as the roster's handlers will.
final class MethodCheckingWorker: HTTPWorker {
    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.isHead else {
            return HTTPResponse(status: .methodNotAllowed, headers: ["Allow": "GET, HEAD"], body: .text("no\n"))
        }
        return HTTPResponse(body: .text("yes\n"))
    }
}

/// Answers with whatever its closure returns.
final class ClosureWorker: HTTPWorker {
    private let answer: (HTTPRequest) -> HTTPResponse

    init(_ answer: @escaping (HTTPRequest) -> HTTPResponse) {
        self.answer = answer
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        answer(request)
    }
}

/// The server's log messages.
final class MessageLog: Sendable {
    private let messages = Locked<[String]>([])

    var record: @Sendable (String) -> Void {
        { message in self.messages.withLock { $0.append(message) } }
    }

    var all: [String] { messages.withLock { $0 } }
}

/// Makes workers that note every thread they are called on.
final class WorkerRegistry: Sendable {
    private let threads = Locked<[[UInt]]>([])
    private let requestCount = Locked(0)

    final class Worker: HTTPWorker {
        let registry: WorkerRegistry
        let index: Int

        init(registry: WorkerRegistry, index: Int) {
            self.registry = registry
            self.index = index
        }

        func respond(to request: HTTPRequest) -> HTTPResponse {
            let thread = currentThread()
            registry.threads.withLock { all in
                if !all[index].contains(thread) { all[index].append(thread) }
            }
            registry.requestCount.withLock { $0 += 1 }
            return HTTPResponse(body: .text("worker \(index)"))
        }
    }

    func make() -> Worker {
        let index = threads.withLock { all in
            all.append([])
            return all.count - 1
        }
        return Worker(registry: self, index: index)
    }

    var created: Int { threads.withLock { $0.count } }
    /// For each worker, the threads it was called on.
    var threadsByWorker: [[UInt]] { threads.withLock { $0 } }
    var requests: Int { requestCount.withLock { $0 } }
}

/// A body of two parts, the second sent once `gate` opens.
final class TwoPartStream: HTTPBodyStream, @unchecked Sendable {
    private var parts: [[UInt8]]
    private let gate: Gate

    init(first: String, second: String, gate: Gate) {
        parts = [Array(first.utf8), Array(second.utf8)]
        self.gate = gate
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard !parts.isEmpty else { return 0 }
        if parts.count == 1 { gate.pass() }
        let part = parts.removeFirst()
        precondition(part.count <= buffer.count, "a test part fits any buffer")
        buffer.copyBytes(from: part)
        return part.count
    }

    func close() {}
}

/// A body of `total` bytes following a fixed pattern, produced on demand, that notes how it is read.
final class PatternStream: HTTPBodyStream, @unchecked Sendable {
    private struct State {
        var produced = 0
        var reads = 0
        var largestBuffer = 0
        var readThreads: [UInt] = []
        var closeThreads: [UInt] = []
        var workerThread: UInt?
    }

    let total: Int
    private let state = Locked(State())

    init(total: Int) {
        self.total = total
    }

    /// The byte at `offset` of every pattern stream.
    static func byte(at offset: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: offset % 251)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let thread = currentThread()
        let start = state.withLock { $0.produced }
        let count = min(buffer.count, total - start)
        for index in 0..<count { buffer[index] = Self.byte(at: start + index) }
        state.withLock { state in
            state.produced += count
            state.reads += 1
            state.largestBuffer = max(state.largestBuffer, buffer.count)
            if !state.readThreads.contains(thread) { state.readThreads.append(thread) }
        }
        return count
    }

    func close() {
        let thread = currentThread()
        state.withLock { $0.closeThreads.append(thread) }
    }

    /// Called by the worker that returns the stream.
    func noteWorkerThread() {
        let thread = currentThread()
        state.withLock { $0.workerThread = thread }
    }

    var produced: Int { state.withLock { $0.produced } }
    var reads: Int { state.withLock { $0.reads } }
    var largestBuffer: Int { state.withLock { $0.largestBuffer } }
    var readThreads: [UInt] { state.withLock { $0.readThreads } }
    var closeThreads: [UInt] { state.withLock { $0.closeThreads } }
    var closeCount: Int { state.withLock { $0.closeThreads.count } }
    var workerThread: UInt? { state.withLock { $0.workerThread } }

    /// Checks received bytes against the pattern, in order.
    struct Checker {
        private var offset = 0
        private(set) var mismatches = 0

        mutating func check(_ bytes: [UInt8]) {
            for byte in bytes {
                if byte != PatternStream.byte(at: offset) { mismatches += 1 }
                offset += 1
            }
        }
    }
}

/// Runs `body` on a new thread, to be joined with `pthread_join`.
func spawn(_ body: @escaping () -> Void) -> pthread_t {
    final class Box: @unchecked Sendable {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
    var thread = pthread_t()
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    let created = pthread_create(
        &thread, nil,
        { argument in
            Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue().body()
            return nil
        }, box)
    precondition(created == 0, "pthread_create failed")
    return thread
}
