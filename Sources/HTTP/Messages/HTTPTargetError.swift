/// Why a request target cannot be decoded; its description suits the body of a 400 response.
package struct HTTPTargetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The part of the target a decoding problem is in; query parameters are numbered from 1, empty ones not
    /// counted.
    package enum Component: Sendable, Equatable {
        case path
        case queryName(Int)
        case queryValue(Int)
    }

    package enum Reason: Sendable, Equatable {
        /// A target that is neither a path nor an absolute URL: `*`, `host:port`, nothing (the first 64 bytes).
        case notAPath(String)
        /// A control character or a space, which a target holds only percent-encoded.
        case invalidCharacter(UInt8)
        /// A `%` not followed by two hexadecimal digits (the `%` and what follows it, up to two bytes).
        case invalidPercentEscape(String)
        /// A component whose bytes, as sent or once decoded, are not UTF-8.
        case notUTF8(Component)
    }

    package let reason: Reason
    /// Where the problem is, in bytes from the start of the target: the offending byte or escape, or the start of
    /// the component that is not UTF-8.
    package let offset: Int

    package init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    package var description: String {
        switch reason {
        case .notAPath(let target):
            return "the request target \(quoted(target)) is not a path (it must start with \"/\")"
        case .invalidCharacter(let byte):
            let hex = (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            let what = byte == 0x20 ? "a space" : "the control character 0x\(hex)"
            return "the request target holds \(what) at byte \(offset + 1); it must be percent-encoded (%\(hex))"
        case .invalidPercentEscape(let escape):
            return "the request target holds \(quoted(escape)) at byte \(offset + 1), which is not a percent-escape "
                + "(a % must be followed by two hexadecimal digits; a literal % is written %25)"
        case .notUTF8(let component):
            return "\(name(of: component)) in the request target (from byte \(offset + 1)) is not UTF-8 once "
                + "decoded"
        }
    }

    private func name(of component: Component) -> String {
        switch component {
        case .path: "a segment of the path"
        case .queryName(let number): "the name of query parameter \(number)"
        case .queryValue(let number): "the value of query parameter \(number)"
        }
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { $0.escaped(asASCII: true) }.joined() + "\""
    }
}
