import RosterModel

/// What every worker of a server shares: how it opens the roster, and the rules of its answers.
public struct ServeOptions: Sendable {
    /// The roster's path, and how long opening may wait for another writer's lock.
    public var path: String
    public var busyTimeout: Double
    /// Adds `Access-Control-Allow-Origin: *` to every answer and answers preflight requests (`OPTIONS`).
    public var cors = false
    /// How long one request may read before it is answered 503 instead (a worker is never held longer).
    public var queryTimeLimit: Double = 5
    /// The streams in flight, counted across the workers.
    public var streams = StreamAllowance()
    /// The day ages are computed on when a request gives no `as_of`: today, asked per request.
    public var today: @Sendable () -> CalendarDate = { CalendarDate.today() }

    public init(path: String, busyTimeout: Double = 5) {
        self.path = path
        self.busyTimeout = busyTimeout
    }
}
