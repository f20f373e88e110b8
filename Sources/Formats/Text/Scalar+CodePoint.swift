extension Unicode.Scalar {
    /// `U+00E9`: how messages name a character that cannot be shown as itself.
    package var codePoint: String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
