import Glibc
import RosterModel

/// Why a server did not start.
package enum HTTPServerError: CategorizedError, Equatable {
    /// The address is not an IPv4 or IPv6 address written in digits, nor `localhost`.
    case invalidAddress(String)
    /// A value of the configuration is out of range.
    case invalidConfiguration(String)
    /// The socket could not be opened, bound or listened on: `errno` says why (EADDRINUSE for a port in use,
    /// EADDRNOTAVAIL for an address this machine does not have, EACCES for a privileged port).
    case cannotListen(endpoint: String, errno: Int32)
    /// The HTTP library refused to start (no thread or descriptor left), with its last message if it gave one.
    case cannotStart(String)

    package var category: ErrorCategory {
        switch self {
        // The address is the user's option, a usage error as a port out of range is.
        case .invalidAddress: .usage
        case .invalidConfiguration: .failure
        // Both are the system's refusals, of a port or of descriptors and threads, as an I/O error is.
        case .cannotListen, .cannotStart: .io
        }
    }

    package var description: String {
        switch self {
        case .invalidAddress(let address):
            return "cannot listen on '\(address)': not an IPv4 or IPv6 address (such as 127.0.0.1 or ::1) "
                + "nor localhost"
        case .invalidConfiguration(let problem):
            return "invalid server configuration: \(problem)"
        case .cannotListen(let endpoint, let code):
            let reason =
                switch code {
                case EADDRINUSE: "the port is already in use"
                case EADDRNOTAVAIL: "this machine has no such address"
                case EACCES: "permission denied (ports below 1024 need privileges)"
                default: String(cString: strerror(code))
                }
            return "cannot listen on \(endpoint): \(reason)"
        case .cannotStart(let message):
            return "the HTTP server could not start: \(message)"
        }
    }
}
