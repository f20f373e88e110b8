import CNcurses
import Glibc

/// The terminal in curses' hands for as long as the browser runs: its modes as the browser needs them (keys one at
/// a time, no echo, the cursor hidden, the alternate screen where the terminal has one), every one given back by
/// `end()`, which every way out of the browser calls.
final class CursesScreen {
    private var screen: OpaquePointer?

    /// Takes over the terminal that standard input and output are; throws when curses cannot (no description of
    /// `$TERM` in the system's terminfo).
    init() throws(BrowseError) {
        rosterdb_curses_locale()
        guard let screen = rosterdb_curses_start() else { throw .unknownTerminal }
        self.screen = screen
        // Escape alone returns from the detail; the terminal's sequences for keys come faster than this.
        set_escdelay(25)
    }

    deinit { end() }

    /// Gives the terminal back as it was found: the cursor shown, the modes restored, the alternate screen left.
    func end() {
        guard let screen else { return }
        curs_set(1)
        endwin()
        delscreen(screen)
        self.screen = nil
    }

    var lines: Int { Int(rosterdb_curses_lines()) }
    var columns: Int { Int(rosterdb_curses_columns()) }

    /// Starts a frame: what is drawn until `show()` replaces the previous one.
    func clear() {
        erase()
    }

    /// Draws `text`, which must fit the width, on line `y`, reversed (the selection) or bold as asked.
    func draw(_ text: String, at y: Int, x: Int = 0, reverse: Bool = false, bold: Bool = false) {
        guard y >= 0, y < lines else { return }
        rosterdb_curses_text(Int32(y), Int32(x), text, reverse ? 1 : 0, bold ? 1 : 0)
    }

    /// Puts the frame on the terminal, writing only what changed.
    func show() {
        refresh()
    }

    /// The next key, or nil when none came within `milliseconds` (or a signal interrupted the wait).
    func key(waiting milliseconds: Int) -> Int32? {
        let key = rosterdb_curses_key(Int32(milliseconds))
        return key == rosterdb_curses_err() ? nil : key
    }
}
