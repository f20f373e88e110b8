import RosterModel
import RosterService

/// The tokens a request must carry (`Authorization: Bearer TOKEN`, RFC 6750): a write, once the roster has a token,
/// one that may write; a read, with `--require-token`, any. The roster's tokens are read for each request that needs
/// one, on the roster as it is then, so that a token made or revoked while the server runs counts at once.
extension RosterRoutes {
    /// The answer refusing `request` for want of a token that allows it (`writing`, or reading), or nil when it may
    /// go on: 401 without a token or with one the roster does not know (never made, revoked), 403 for a read-only
    /// token that writes. The errors are a web page's for a `page`, else the API's.
    func tokenRefusal(_ request: HTTPRequest, on roster: Roster, writing: Bool, page: Bool) -> HTTPResponse? {
        let presented = Self.bearerToken(request.headers.values(named: "Authorization"))
        let access: TokenAccess
        do {
            // A field that holds no bearer token presents one no roster has.
            access = try roster.access(presenting: presented.map { $0 ?? "" })
        } catch {
            return failure(error, page: page)
        }
        let what = writing ? "A write" : "A read"
        switch access {
        case .open:
            guard !writing && options.requireToken else { return nil }
            return refusal(
                .unauthorized,
                "This server asks every request for a token, and the roster has none yet: create one with "
                    + "'rosterdb token create --name NAME' and send it as 'Authorization: Bearer TOKEN'.",
                challenge: "", page: page)
        case .missing:
            return refusal(
                .unauthorized,
                "\(what) needs a token here: send 'Authorization: Bearer TOKEN' with a token of 'rosterdb token "
                    + "create'.", challenge: "", page: page)
        case .unknown:
            return refusal(
                .unauthorized, "The token is not one of this roster's: it was revoked, or never made.",
                challenge: ", error=\"invalid_token\"", page: page)
        case .readOnly(let name) where writing:
            return refusal(
                .forbidden, "The token '\(name)' is read-only; a write needs a token that may write.",
                challenge: ", error=\"insufficient_scope\"", page: page)
        case .readOnly, .readWrite:
            return nil
        }
    }

    /// The token of the request's `Authorization` fields: nil without any, `.some(nil)` when they hold no bearer
    /// token (another scheme, no token, or several fields).
    static func bearerToken(_ values: [String]) -> String?? {
        guard let value = values.first else { return nil }
        guard values.count == 1 else { return .some(nil) }
        let trimmed = value.trimmingWhiteSpace()
        // The scheme's name is case-insensitive (RFC 9110 §11.1); one or more spaces follow it.
        guard let space = trimmed.firstIndex(of: " "), trimmed[..<space].lowercased() == "bearer" else {
            return .some(nil)
        }
        let token = trimmed[space...].trimmingWhiteSpace()
        return token.isEmpty ? .some(nil) : .some(String(token))
    }

    /// An error answered with `WWW-Authenticate: Bearer` and what RFC 6750 adds after it (`challenge`).
    private func refusal(_ problem: ProblemType, _ message: String, challenge: String, page: Bool) -> HTTPResponse {
        var response = Self.failure(problem, message, page: page)
        response.headers["WWW-Authenticate"] = "Bearer realm=\"rosterdb\"" + challenge
        return response
    }
}
