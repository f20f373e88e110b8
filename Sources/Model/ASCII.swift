/// The ASCII bytes the readers and writers look for, named once.
extension UInt8 {
    public static let tab = UInt8(ascii: "\t")
    package static let lineFeed = UInt8(ascii: "\n")
    package static let carriageReturn = UInt8(ascii: "\r")
    package static let space = UInt8(ascii: " ")
    package static let quote = UInt8(ascii: "\"")
    package static let plus = UInt8(ascii: "+")
    public static let comma = UInt8(ascii: ",")
    public static let semicolon = UInt8(ascii: ";")
    package static let minus = UInt8(ascii: "-")
    package static let period = UInt8(ascii: ".")
    package static let zero = UInt8(ascii: "0")
    package static let nine = UInt8(ascii: "9")
    package static let colon = UInt8(ascii: ":")
    package static let openBracket = UInt8(ascii: "[")
    package static let backslash = UInt8(ascii: "\\")
    package static let closeBracket = UInt8(ascii: "]")
    package static let openBrace = UInt8(ascii: "{")
    package static let closeBrace = UInt8(ascii: "}")

    /// An ASCII letter.
    package var isLetter: Bool { self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "z") }

    /// A byte of a bare word (`true`, `NaN`): a letter, a digit or an underscore.
    package var isWordByte: Bool { isLetter || self &- .zero < 10 || self == UInt8(ascii: "_") }
}
