import RosterModel

/// The kinds of error the API answers, each an RFC 9457 problem type: a stable URI (`/problems/not-found`, which the
/// server answers with a page saying what the type means), a fixed short title, and its status. Declared once here:
/// the errors' bodies, the problem pages and the OpenAPI document (`/openapi.json`) read them. One type per error
/// category (`ErrorCategory`), and those of the HTTP layer that no category has (a method, a media type, a host).
enum ProblemType: String, CaseIterable, Sendable {
    case notFound = "not-found"
    case failure = "internal-error"
    case usage = "invalid-request"
    case invalidData = "invalid-data"
    case duplicate = "duplicate-player"
    case changedSince = "changed-since"
    case pruneRefused = "prune-refused"
    case rosterNotEmpty = "roster-not-empty"
    case unreadableInput = "unreadable-input"
    case io = "io-error"
    case unavailable
    case busy
    case timedOut = "timed-out"
    case interrupted
    case savedNotReported = "saved-not-reported"
    // The HTTP layer's own.
    case invalidTarget = "invalid-target"
    case methodNotAllowed = "method-not-allowed"
    case unsupportedMediaType = "unsupported-media-type"
    case misdirectedRequest = "misdirected-request"
    case malformedRequest = "malformed-request"
    case requestTooLong = "request-too-long"
    case headersTooLarge = "headers-too-large"
    case bodyTooLarge = "body-too-large"
    case unauthorized = "token-needed"
    case forbidden = "token-read-only"

    /// The type of an error of `category`.
    init(_ category: ErrorCategory) {
        self =
            switch category {
            case .notFound: .notFound
            case .failure: .failure
            case .usage: .usage
            case .invalidData: .invalidData
            case .duplicate: .duplicate
            case .changedSince: .changedSince
            case .pruneRefused: .pruneRefused
            case .rosterNotEmpty: .rosterNotEmpty
            case .unreadableInput: .unreadableInput
            case .io: .io
            case .unavailable: .unavailable
            case .busy: .busy
            case .timedOut: .timedOut
            case .interrupted: .interrupted
            case .savedNotReported: .savedNotReported
            }
    }

    /// The type of a refusal the server makes before any route sees the request (`HTTPServerConfiguration.refusal`),
    /// by its status.
    init(refusing status: HTTPStatus) {
        self =
            switch status {
            case .badRequest: .malformedRequest
            case .uriTooLong: .requestTooLong
            case .requestHeaderFieldsTooLarge: .headersTooLarge
            case .contentTooLarge: .bodyTooLarge
            case .serviceUnavailable: .unavailable
            default: .failure
            }
    }

    /// The category the type stands for; nil for the HTTP layer's own.
    var category: ErrorCategory? { ErrorCategory.allCases.first { ProblemType($0) == self } }

    /// The problem's `type`: a path on this server, relative to the request's (RFC 9457 §3.1.1).
    var uri: String { Self.path + rawValue }

    /// Where the problem pages are: `/problems/{slug}`.
    static let path = "/problems/"

    /// The status it is answered with: the category's (`HTTPStatus(_:)`), or the HTTP layer's own.
    var status: HTTPStatus {
        if let category { return HTTPStatus(category) }
        return switch self {
        case .invalidTarget: .badRequest
        case .methodNotAllowed: .methodNotAllowed
        case .unsupportedMediaType: .unsupportedMediaType
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .malformedRequest: .badRequest
        case .requestTooLong: .uriTooLong
        case .headersTooLarge: .requestHeaderFieldsTooLarge
        case .bodyTooLarge: .contentTooLarge
        default: .misdirectedRequest
        }
    }

    /// The `title`, the same for every problem of the type (RFC 9457 §3.1.3); `detail` tells this one.
    var title: String {
        switch self {
        case .notFound: "Not found"
        case .failure: "Internal error"
        case .usage: "Invalid request"
        case .invalidData: "Invalid data"
        case .duplicate: "Duplicate player"
        case .changedSince: "The roster changed since it was read"
        case .pruneRefused: "Prune refused"
        case .rosterNotEmpty: "The roster is not empty"
        case .unreadableInput: "Unreadable input"
        case .io: "Input or output error"
        case .unavailable: "Unavailable for now"
        case .busy: "The roster is locked by another writer"
        case .timedOut: "Time limit exceeded"
        case .interrupted: "Interrupted"
        case .savedNotReported: "Saved, but not reported"
        case .invalidTarget: "Invalid request target"
        case .methodNotAllowed: "Method not allowed"
        case .unsupportedMediaType: "Unsupported media type"
        case .misdirectedRequest: "Misdirected request"
        case .malformedRequest: "Malformed request"
        case .requestTooLong: "Request line too long"
        case .headersTooLarge: "Headers too large"
        case .bodyTooLarge: "Body too large"
        case .unauthorized: "A token is needed"
        case .forbidden: "The token is read-only"
        }
    }

    /// What the type means and what to do, for its page and the OpenAPI document.
    var explanation: String {
        switch self {
        case .notFound: "There is no player with that id, or nothing at that path."
        case .failure:
            "The roster could not be read: unusable, damaged, or from a newer rosterdb. The detail says why."
        case .usage:
            "A parameter or body the request cannot have: an unknown parameter (the nearest known one is named), a "
                + "value out of range, two that cannot go together. `parameter` names the one at fault."
        case .invalidData:
            "The player or feed sent breaks the roster's rules; nothing was written. `problems` lists each field "
                + "at fault with its value and why."
        case .duplicate:
            "Another player has this name and birth date; nothing was written. Send allow_duplicate=1 to add "
                + "the player anyway."
        case .changedSince:
            "If-Match named a version of the roster that is not the current one; nothing was written. Read again, "
                + "then write with the new ETag."
        case .pruneRefused: "The import's prune would remove more of the roster than max_prune allows."
        case .rosterNotEmpty: "A history can only be restored into an empty roster."
        case .unreadableInput: "The input could not be read."
        case .io: "Reading or writing the roster failed: disk full, read-only file, the file moved away."
        case .unavailable:
            "The server is short of memory, or the roster's file is being replaced; try again after Retry-After."
        case .busy: "Another writer held the roster's lock past the busy timeout; nothing was written; try again."
        case .timedOut: "The request ran past the server's time limit (--time-limit); narrow it or try again."
        case .interrupted: "The server was stopped while the request ran; it was rolled back."
        case .savedNotReported: "The change was saved, but its report could not be written. Do not send it again."
        case .invalidTarget: "The request's path or query is not valid (a bad percent-encoding, say)."
        case .methodNotAllowed:
            "The path does not take this method; `Allow` lists those it takes. Writes need serve --write."
        case .unsupportedMediaType: "A write's body must be sent as one of the types the operation reads."
        case .misdirectedRequest: "The request names a host other than this machine (serve --bind for another)."
        case .malformedRequest:
            "The request breaks HTTP's syntax (a header without a colon, say); the connection is closed."
        case .requestTooLong:
            "The request line is over 8 KiB, or the query has over 100 parameters; the connection is closed."
        case .headersTooLarge: "The headers are over 8 KiB, or over 100 fields; the connection is closed."
        case .bodyTooLarge: "The request body is larger than serve --max-body allows; nothing was written."
        case .unauthorized:
            "The request needs 'Authorization: Bearer TOKEN' with a token of 'rosterdb token create' that the roster "
                + "knows: it sent none, or one revoked or never made."
        case .forbidden: "The token is read-only (token create --read-only); a write needs one that may write."
        }
    }
}
