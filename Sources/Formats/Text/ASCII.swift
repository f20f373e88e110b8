/// The ASCII bytes the readers and writers look for, named once.
extension UInt8 {
    public static let tab = UInt8(ascii: "\t")
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let quote = UInt8(ascii: "\"")
    static let plus = UInt8(ascii: "+")
    public static let comma = UInt8(ascii: ",")
    public static let semicolon = UInt8(ascii: ";")
    static let minus = UInt8(ascii: "-")
    static let period = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
    static let colon = UInt8(ascii: ":")
    static let openBracket = UInt8(ascii: "[")
    static let backslash = UInt8(ascii: "\\")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")

    /// An ASCII letter.
    var isLetter: Bool { self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "z") }

    /// A byte of a bare word (`true`, `NaN`): a letter, a digit or an underscore.
    var isWordByte: Bool { isLetter || self &- .zero < 10 || self == UInt8(ascii: "_") }
}
