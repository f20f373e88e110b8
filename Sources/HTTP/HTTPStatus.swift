/// The status code of a response. The library writes the reason phrase.
public struct HTTPStatus: Sendable, Hashable, CustomStringConvertible {
    public let code: Int

    /// A status of code `code`, which must have three digits (100 to 599).
    public init(code: Int) {
        precondition((100...599).contains(code), "HTTP status codes have three digits, from 100 to 599")
        self.code = code
    }

    public var description: String { String(code) }

    public static let ok = HTTPStatus(code: 200)
    public static let noContent = HTTPStatus(code: 204)
    public static let movedPermanently = HTTPStatus(code: 301)
    public static let notModified = HTTPStatus(code: 304)
    public static let badRequest = HTTPStatus(code: 400)
    public static let notFound = HTTPStatus(code: 404)
    public static let methodNotAllowed = HTTPStatus(code: 405)
    public static let notAcceptable = HTTPStatus(code: 406)
    public static let conflict = HTTPStatus(code: 409)
    public static let uriTooLong = HTTPStatus(code: 414)
    public static let misdirectedRequest = HTTPStatus(code: 421)
    public static let requestHeaderFieldsTooLarge = HTTPStatus(code: 431)
    public static let internalServerError = HTTPStatus(code: 500)
    public static let serviceUnavailable = HTTPStatus(code: 503)
}
