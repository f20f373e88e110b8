import RosterModel

extension HTTPStatus {
    /// The status an error of `category` is answered with: the server's one table of them. A 503 comes with
    /// `Retry-After` (`RosterRoutes.failure`).
    init(_ category: ErrorCategory) {
        switch category {
        case .notFound: self = .notFound
        case .usage, .invalidData: self = .badRequest
        case .pruneRefused, .rosterNotEmpty, .duplicate: self = .conflict
        case .changedSince: self = .preconditionFailed
        // The same request may well be answered a moment later: a shortage passes, a writer ends, a server stopped
        // by a signal is started again.
        case .unavailable, .busy, .timedOut, .interrupted: self = .serviceUnavailable
        case .failure, .unreadableInput, .io, .savedNotReported: self = .internalServerError
        }
    }
}
