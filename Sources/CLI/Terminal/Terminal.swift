import Glibc

/// Facts about where output goes, read once at start.
struct Terminal: Sendable {
    /// Standard output is a terminal (tables are cut to its width).
    var stdoutIsTerminal: Bool
    /// Standard error is a terminal (progress bars are shown).
    var stderrIsTerminal: Bool
    /// Columns of the terminal, or of `$COLUMNS` (a positive number); nil when unknown.
    var width: Int?
    /// The terminal can redraw a line in place (carriage return, then ESC [K to erase the rest): not when `$TERM`
    /// is `dumb` (Emacs' shell, some CI logs) or unset.
    var canRedrawLines = true

    static func current(environment: Environment) -> Terminal {
        func columns(_ descriptor: Int32) -> Int? {
            var size = winsize()
            return ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
        }
        let measured = columns(STDOUT_FILENO) ?? columns(STDERR_FILENO)
        return Terminal(
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
            stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            width: measured ?? environment.columns.flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil },
            canRedrawLines: environment.term.map { !$0.isEmpty && $0 != "dumb" } ?? false)
    }

    /// Import progress is drawn: on standard error, when it is a terminal that can redraw a line.
    var showsProgress: Bool { stderrIsTerminal && canRedrawLines }

    /// Width for help text: the terminal's (at most 120 columns, which read better than wider lines), else 80.
    var helpWidth: Int { min(max(width ?? 80, 1), 120) }
}
