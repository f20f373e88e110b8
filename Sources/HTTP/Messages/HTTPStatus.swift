/// The status code of a response. The library writes the reason phrase.
package struct HTTPStatus: Sendable, Hashable, CustomStringConvertible {
    package let code: Int

    /// A status of code `code`, which must have three digits (100 to 599).
    package init(code: Int) {
        precondition((100...599).contains(code), "HTTP status codes have three digits, from 100 to 599")
        self.code = code
    }

    package var description: String { String(code) }

    package static let ok = HTTPStatus(code: 200)
    package static let created = HTTPStatus(code: 201)
    package static let noContent = HTTPStatus(code: 204)
    package static let movedPermanently = HTTPStatus(code: 301)
    package static let notModified = HTTPStatus(code: 304)
    package static let badRequest = HTTPStatus(code: 400)
    package static let unauthorized = HTTPStatus(code: 401)
    package static let forbidden = HTTPStatus(code: 403)
    package static let notFound = HTTPStatus(code: 404)
    package static let methodNotAllowed = HTTPStatus(code: 405)
    package static let notAcceptable = HTTPStatus(code: 406)
    package static let conflict = HTTPStatus(code: 409)
    package static let preconditionFailed = HTTPStatus(code: 412)
    package static let contentTooLarge = HTTPStatus(code: 413)
    package static let uriTooLong = HTTPStatus(code: 414)
    package static let unsupportedMediaType = HTTPStatus(code: 415)
    package static let misdirectedRequest = HTTPStatus(code: 421)
    package static let requestHeaderFieldsTooLarge = HTTPStatus(code: 431)
    package static let internalServerError = HTTPStatus(code: 500)
    package static let serviceUnavailable = HTTPStatus(code: 503)
}
