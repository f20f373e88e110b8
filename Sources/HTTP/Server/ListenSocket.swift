import Glibc

/// A TCP socket bound to an address and listening, opened by the server itself rather than by the HTTP library,
/// so that a port in use or an address this machine lacks is reported with its own `errno`.
struct ListenSocket {
    let descriptor: Int32
    let isIPv6: Bool
    /// The port bound, the one the system chose when asked for port 0.
    let port: UInt16

    /// Opens a socket listening on `address` (IPv4 or IPv6 digits, or `localhost`: 127.0.0.1) and `port`.
    init(address: String, port: UInt16) throws(HTTPServerError) {
        // What users type for this machine; resolving names in general would make the address depend on the system's
        // configuration.
        let address = address == "localhost" ? "127.0.0.1" : address
        var storage = sockaddr_storage()
        let length: socklen_t
        let isIPv6: Bool
        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        if inet_pton(AF_INET, address, &ipv4) == 1 {
            let socketAddress = sockaddr_in(
                sin_family: sa_family_t(AF_INET), sin_port: port.bigEndian, sin_addr: ipv4,
                sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
            length = Self.store(socketAddress, in: &storage)
            isIPv6 = false
        } else if inet_pton(AF_INET6, address, &ipv6) == 1 {
            let socketAddress = sockaddr_in6(
                sin6_family: sa_family_t(AF_INET6), sin6_port: port.bigEndian, sin6_flowinfo: 0, sin6_addr: ipv6,
                sin6_scope_id: 0)
            length = Self.store(socketAddress, in: &storage)
            isIPv6 = true
        } else {
            throw .invalidAddress(address)
        }
        let endpoint = Self.endpoint(address: address, port: port, isIPv6: isIPv6)

        // Non-blocking: every thread of the pool waits for the socket and only one wins each accept.
        let descriptor = socket(
            isIPv6 ? AF_INET6 : AF_INET,
            Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
                | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { throw .cannotListen(endpoint: endpoint, errno: errno) }
        // Lets a restarted server bind while connections of the previous one linger in TIME_WAIT; on Linux it
        // never lets two sockets listen on one port.
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, SOMAXCONN) == 0 else {
            let code = errno
            close(descriptor)
            throw .cannotListen(endpoint: endpoint, errno: code)
        }
        var boundAddress = sockaddr_storage()
        var boundLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &boundAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &boundLength) }
        }
        guard named == 0 else {
            let code = errno
            close(descriptor)
            throw .cannotListen(endpoint: endpoint, errno: code)
        }
        self.descriptor = descriptor
        self.isIPv6 = isIPv6
        self.port = withUnsafeBytes(of: &boundAddress) { raw in
            UInt16(
                bigEndian: isIPv6
                    ? raw.load(as: sockaddr_in6.self).sin6_port
                    : raw.load(as: sockaddr_in.self).sin_port)
        }
    }

    /// A connection taken from the socket's queue: its descriptor (blocking, and inherited across exec, until the
    /// HTTP library sets it up) and the client's address.
    struct Accepted {
        let descriptor: Int32
        var address: sockaddr_storage
        let length: socklen_t
    }

    /// The next connection waiting, or the `errno` of the failure (EAGAIN when none waits: the socket does not
    /// block).
    func accept() -> Result<Accepted, AcceptError> {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let client = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.accept(descriptor, $0, &length) }
        }
        guard client >= 0 else { return .failure(AcceptError(code: errno)) }
        return .success(Accepted(descriptor: client, address: address, length: length))
    }

    /// Why `accept()` took no connection.
    struct AcceptError: Error {
        let code: Int32
    }

    /// Writes `address`, a `sockaddr_in` or a `sockaddr_in6`, at the start of `storage`; returns its length.
    private static func store<Address>(_ address: Address, in storage: inout sockaddr_storage) -> socklen_t {
        withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: address, as: Address.self) }
        return socklen_t(MemoryLayout<Address>.size)
    }

    /// `address:port`, with the address in brackets when it is IPv6.
    static func endpoint(address: String, port: UInt16, isIPv6: Bool) -> String {
        isIPv6 ? "[\(address)]:\(port)" : "\(address):\(port)"
    }
}
