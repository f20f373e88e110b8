import CNcurses
import RosterModel

/// What a key asks of the browser; the keys are declared here once, for the handling and the help alike.
enum BrowserKey {
    case quit, back, down, up, left, right, pageDown, pageUp, first, last, nextSegment, previousSegment, open, showHelp
    case search, nextMatch, previousMatch, sortByColumn, addSortKey, filterOnCell, dropFilter,
        frequency, edit
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
        case Int32(UInt8(ascii: "/")): self = .search
        case Int32(UInt8(ascii: "n")): self = .nextMatch
        case Int32(UInt8(ascii: "N")): self = .previousMatch
        case Int32(UInt8(ascii: "s")): self = .sortByColumn
        case Int32(UInt8(ascii: "S")): self = .addSortKey
        case Int32(UInt8(ascii: "f")): self = .filterOnCell
        case Int32(UInt8(ascii: "F")): self = .frequency
        case Int32(UInt8(ascii: "e")): self = .edit
        case 8, 127, KEY_BACKSPACE: self = .dropFilter
        case rosterdb_curses_key_resize(): self = .resize
        default: self = .none
        }
    }

    /// The digit a key is, for a row number typed before `G`.
    static func digit(_ key: Int32) -> Character? {
        (48...57).contains(key) ? Character(Unicode.Scalar(UInt8(key))) : nil
    }

    /// The status line under the list.
    static let listHint = "↑↓ move  g G ends  Tab segment  Enter detail  / search  s sort  ? help  q quit"
    /// The status line under a page of text.
    static let pageHint = "↑↓ jk scroll  PgUp PgDn  g G top/end  Esc or q back"

    /// The status line under a frequency table.
    static let frequencyHint = "↑↓ jk select  Enter its players  Esc or q back"

    /// The help page.
    static let help = [
        "Keys", "",
        "  ↓ j, ↑ k          next, previous player",
        "  PgDn Space, PgUp  a screen down, up",
        "  Home g, End G     first, last player",
        "  N G               player number N (digits, then G)",
        "  Tab, Shift-Tab    next, previous segment: All, GK, DF, MF, FW",
        "  Enter             the player's detail and history; Esc or q goes back",
        "  ← h, → l          previous, next column (shown in the status line)",
        "  s                 sort by the column (again: the other way); S adds it as the next key",
        "  /                 search names (the starts of words, ignoring case and accents, as --name)",
        "  n, N              next, previous player the search finds",
        "  f                 keep the players with the selected player's value in the column",
        "  Backspace         drop the last filter f added",
        "  F                 how many players have each value of the column (position, nationality, club, age);",
        "                    Enter lists the selected value's players",
        "  e                 edit the selected player's value in the column, by edit's rules (empty clears;",
        "                    Ctrl-U empties the line, Esc leaves it)",
        "  ?                 this help",
        "  q                 quit",
    ]

    /// `28 players`, `1 player`.
    static func players(_ count: Int) -> String {
        count == 1 ? "1 player" : "\(count.groupedDigits) players"
    }
}
