import Glibc

/// Facts about where output goes, read once at start.
struct Terminal: Sendable {
    /// Standard output is a terminal (tables are cut to its width).
    var stdoutIsTerminal: Bool
    /// Standard error is a terminal (progress bars are shown).
    var stderrIsTerminal: Bool
    /// Columns of the terminal, or of `$COLUMNS`; nil when unknown.
    var width: Int?

    static func current(environment: [String: String]) -> Terminal {
        func columns(_ descriptor: Int32) -> Int? {
            var size = winsize()
            return ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
        }
        let measured = columns(STDOUT_FILENO) ?? columns(STDERR_FILENO)
        return Terminal(
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
            stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            width: measured ?? environment["COLUMNS"].flatMap { Int($0) })
    }

    /// Width for help text: the terminal's, kept between 60 and 120 columns, else 80.
    var helpWidth: Int { min(max(width ?? 80, 60), 120) }
}
