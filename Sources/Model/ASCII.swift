/// The ASCII bytes the readers and writers look for, named once; inlinable, so that the readers in other modules
/// compare with constants rather than call an accessor for every byte.
extension UInt8 {
    @inlinable package static var tab: UInt8 { UInt8(ascii: "\t") }
    @inlinable package static var lineFeed: UInt8 { UInt8(ascii: "\n") }
    @inlinable package static var carriageReturn: UInt8 { UInt8(ascii: "\r") }
    @inlinable package static var space: UInt8 { UInt8(ascii: " ") }
    @inlinable package static var quote: UInt8 { UInt8(ascii: "\"") }
    @inlinable package static var plus: UInt8 { UInt8(ascii: "+") }
    @inlinable package static var comma: UInt8 { UInt8(ascii: ",") }
    @inlinable package static var semicolon: UInt8 { UInt8(ascii: ";") }
    @inlinable package static var minus: UInt8 { UInt8(ascii: "-") }
    @inlinable package static var period: UInt8 { UInt8(ascii: ".") }
    @inlinable package static var zero: UInt8 { UInt8(ascii: "0") }
    @inlinable package static var nine: UInt8 { UInt8(ascii: "9") }
    @inlinable package static var colon: UInt8 { UInt8(ascii: ":") }
    @inlinable package static var openBracket: UInt8 { UInt8(ascii: "[") }
    @inlinable package static var backslash: UInt8 { UInt8(ascii: "\\") }
    @inlinable package static var closeBracket: UInt8 { UInt8(ascii: "]") }
    @inlinable package static var openBrace: UInt8 { UInt8(ascii: "{") }
    @inlinable package static var closeBrace: UInt8 { UInt8(ascii: "}") }

    /// An ASCII letter.
    @inlinable package var isLetter: Bool { self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "z") }

    /// A byte of a bare word (`true`, `NaN`): a letter, a digit or an underscore.
    @inlinable package var isWordByte: Bool { isLetter || self &- .zero < 10 || self == UInt8(ascii: "_") }
}
