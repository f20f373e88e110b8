import Glibc
import RosterModel

/// What every worker of a server shares: how it opens the roster, and the rules of its answers.
package struct ServeOptions: Sendable {
    /// The roster's path, and how long opening may wait for another writer's lock.
    package var path: String
    package var busyTimeout: Double
    /// Takes writes (`--write`): `POST /api/players`, `PATCH` and `DELETE /api/players/{id}`, `POST /api/import`.
    package var write = false
    /// Reads need a token too (`--require-token`), as writes do once the roster has one.
    package var requireToken = false
    /// Adds `Access-Control-Allow-Origin: *` to every answer and answers preflight requests (`OPTIONS`).
    package var cors = false
    /// How long one request may read before it is answered 503 instead (a worker is never held longer).
    package var queryTimeLimit: Double = 5
    /// The streams in flight, counted across the workers.
    package var streams = MemoryAllowance.streams()
    /// The answers read from the roster and built in memory at once (pages, players, stats).
    package var answers = MemoryAllowance.answers()
    /// The day ages are computed on when a request gives no `as_of`: today, asked per request.
    package var today: @Sendable () -> CalendarDate = { CalendarDate.today() }
    /// Where the detail page finds a player's image (`--image-base`); nil to show no image, only its file name.
    package var imageTemplate: ImageTemplate?
    /// The names (`Host` without its port, in lower case) a request may give for this server; nil for any.
    package var acceptedHosts: Set<String>?

    package init(path: String, busyTimeout: Double = 5) {
        self.path = path
        self.busyTimeout = busyTimeout
    }

    /// The `Host` names to accept on a server listening on `address`: on a loopback address, only this machine's
    /// names, so that a web page whose host name an attacker points at 127.0.0.1 (DNS rebinding) is not answered
    /// and cannot read the roster from the user's browser; on any other address, every name (nil), as whoever can
    /// reach it may read the roster anyway.
    package static func acceptedHosts(listeningOn address: String) -> Set<String>? {
        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        let isLoopback =
            address == "localhost"
            || (inet_pton(AF_INET, address, &ipv4) == 1 && UInt32(bigEndian: ipv4.s_addr) >> 24 == 127)
            || (inet_pton(AF_INET6, address, &ipv6) == 1 && isLoopback(withUnsafeBytes(of: ipv6, Array.init)))
        guard isLoopback else { return nil }
        let bound = address.contains(":") ? "[\(address.lowercased())]" : address
        return ["localhost", "127.0.0.1", "[::1]", bound]
    }

    /// Whether an IPv6 address is `::1`, or an IPv4 loopback address mapped into IPv6 (`::ffff:127.0.0.1`).
    private static func isLoopback(_ bytes: [UInt8]) -> Bool {
        bytes == Array(repeating: 0, count: 15) + [1]
            || (bytes.prefix(12) == Array(repeating: 0, count: 10) + [0xFF, 0xFF] && bytes[12] == 127)
    }
}
