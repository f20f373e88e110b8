import CNcurses
import RosterModel

/// What a key asks of the browser; the keys are declared here once, for the handling and the help alike.
enum BrowserKey {
    case quit, back, down, up, left, right, pageDown, pageUp, first, last, nextSegment, previousSegment, open, showHelp
    case resize
    case none

    init(_ key: Int32) {
        switch key {
        case Int32(UInt8(ascii: "q")): self = .quit
        case 27: self = .back
        case KEY_DOWN, Int32(UInt8(ascii: "j")): self = .down
        case KEY_UP, Int32(UInt8(ascii: "k")): self = .up
        case KEY_LEFT, Int32(UInt8(ascii: "h")): self = .left
        case KEY_RIGHT, Int32(UInt8(ascii: "l")): self = .right
        case KEY_NPAGE, Int32(UInt8(ascii: " ")): self = .pageDown
        case KEY_PPAGE: self = .pageUp
        case KEY_HOME, Int32(UInt8(ascii: "g")): self = .first
        case KEY_END, Int32(UInt8(ascii: "G")): self = .last
        case 9: self = .nextSegment
        case KEY_BTAB: self = .previousSegment
        case 10, 13, KEY_ENTER: self = .open
        case Int32(UInt8(ascii: "?")): self = .showHelp
        case rosterdb_curses_key_resize(): self = .resize
        default: self = .none
        }
    }

    /// The digit a key is, for a row number typed before `G`.
    static func digit(_ key: Int32) -> Character? {
        (48...57).contains(key) ? Character(Unicode.Scalar(UInt8(key))) : nil
    }

    /// The status line under the list.
    static let listHint = "↑↓ jk move  PgUp PgDn  g G first/last  N G row N  Tab segment  Enter detail  ? help  q quit"
    /// The status line under a page of text.
    static let pageHint = "↑↓ jk scroll  PgUp PgDn  g G top/end  Esc or q back"

    /// The help page.
    static let help = [
        "Keys", "",
        "  ↓ j, ↑ k          next, previous player",
        "  PgDn Space, PgUp  a screen down, up",
        "  Home g, End G     first, last player",
        "  N G               player number N (digits, then G)",
        "  Tab, Shift-Tab    next, previous segment: All, GK, DF, MF, FW",
        "  Enter             the player's detail and history; Esc or q goes back",
        "  ?                 this help",
        "  q                 quit",
    ]

    /// `28 players`, `1 player`.
    static func players(_ count: Int) -> String {
        count == 1 ? "1 player" : "\(count.groupedDigits) players"
    }
}
