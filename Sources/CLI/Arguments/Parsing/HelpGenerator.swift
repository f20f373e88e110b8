/// Renders help text from command declarations, at a given width, so it can be tested.
///
/// Text is wrapped at spaces to `width` columns, never inside a word (a word longer than a line gets a line of its
/// own). Options are listed in two columns where the help column has room, else each option's help goes under it.
/// The usage line is kept whole, so that it can be copied.
package struct HelpGenerator {
    package let width: Int

    package init(width: Int) {
        self.width = width
    }

    /// Help columns narrower than this put each option's help on the lines below the option.
    private static let minimumHelpColumn = 16
    /// The indent of help below its option, in that narrow layout.
    private static let stackedIndent = 6

    /// Help for `rosterdb` itself.
    package func renderRoot(commands: [CommandSpec], globalOptions: [OptionSpec]) -> String {
        var text = wrap(CommandLineSpec.overview, indent: 2, lead: "OVERVIEW: ") + "\n"
        text += "USAGE: rosterdb [--db <path>] <command> [<options>]\n\n"
        text += section("COMMANDS", rows: commands.filter { !$0.isHidden }.map { ($0.name, $0.abstract) })
        text += section("GLOBAL OPTIONS", rows: globalOptions.map { ($0.helpLabel, $0.help) })
        text += exitCodes()
        text += wrap("See 'rosterdb help <command>' for detailed help.", indent: 2)
        return text
    }

    /// Help for one command.
    package func render(_ command: CommandSpec, globalOptions: [OptionSpec]) -> String {
        var text = wrap(command.abstract, indent: 2, lead: "OVERVIEW: ") + "\n"
        if !command.discussion.isEmpty { text += wrap(command.discussion, indent: 0) + "\n" }
        text += "USAGE: \(command.usage)\n\n"
        if !command.arguments.isEmpty {
            text += section("ARGUMENTS", rows: command.arguments.map { ($0.synopsis, $0.help) })
        }
        if !command.options.isEmpty {
            text += section("OPTIONS", rows: command.options.map { ($0.helpLabel, $0.help) })
        }
        text += section("GLOBAL OPTIONS", rows: globalOptions.map { ($0.helpLabel, $0.help) })
        text += exitCodes()
        return text
    }

    private func exitCodes() -> String {
        section("EXIT CODES", rows: ExitStatus.allCases.map { (String($0.rawValue), $0.meaning) })
    }

    /// A titled two-column list; a label too wide for the column puts its help on the next line, and so does a help
    /// with a word too wide for its column, and every label when the help column would be too narrow.
    private func section(_ title: String, rows: [(label: String, help: String)]) -> String {
        let labelWidth = min(rows.map(\.label.count).max() ?? 0, 26)
        let besideIndent = 2 + labelWidth + 2
        let stacked = width - besideIndent < HelpGenerator.minimumHelpColumn
        var text = "\(title):\n"
        for row in rows {
            // A word wider than the help column (`KEY[:asc|desc][,KEY...]`) would overflow it: that row's help goes
            // under its label too.
            let longestWord = row.help.split(separator: " ").map(\.count).max() ?? 0
            let rowStacked = stacked || besideIndent + longestWord > width
            if rowStacked || row.label.count > labelWidth {
                text += wrap(row.label, indent: 2)
                text += wrap(row.help, indent: rowStacked ? HelpGenerator.stackedIndent : besideIndent)
            } else {
                let lead = "  " + row.label + String(repeating: " ", count: labelWidth - row.label.count + 2)
                text += wrap(row.help, indent: besideIndent, lead: lead)
            }
        }
        return text + "\n"
    }

    /// `text` wrapped at spaces to `width`: the first line starts with `lead` (by default `indent` spaces), the
    /// others with `indent` spaces; every line ends with a newline.
    func wrap(_ text: String, indent: Int, lead: String? = nil) -> String {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = lead ?? margin
        var lineHasWords = false
        for word in text.split(separator: " ") {
            if lineHasWords, line.count + 1 + word.count > width {
                lines.append(line)
                line = margin
                lineHasWords = false
            }
            line += (lineHasWords ? " " : "") + word
            lineHasWords = true
        }
        lines.append(line)
        return lines.map { $0 + "\n" }.joined()
    }
}
