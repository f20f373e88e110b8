/// Unicode's White_Space characters, tested by value: `Unicode.Scalar.Properties.isWhitespace` looks the property up
/// in the standard library's tables, which shows in profiles when every character of a million names is asked.
public enum WhiteSpace {
    /// Whether `scalar` has the Unicode White_Space property (the list is fixed by the standard: 25 characters).
    @inline(__always)
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
        switch value {
        case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
