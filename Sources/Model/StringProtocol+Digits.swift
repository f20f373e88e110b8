extension StringProtocol {
    /// Whether the text is one or more ASCII digits and nothing else (no sign, space or other script's digits).
    package var isDigits: Bool {
        !isEmpty && utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}
