/// Renders help text from command declarations, at a given width, so it can be tested.
struct HelpGenerator {
    let width: Int

    /// Help for `rosterdb` itself.
    func renderRoot(commands: [CommandSpec], globalOptions: [OptionSpec]) -> String {
        var text = "OVERVIEW: \(CommandLineInterface.overview)\n\n"
        text += "USAGE: rosterdb [--db <path>] <command> [<options>]\n\n"
        text += section("COMMANDS", rows: commands.map { ($0.name, $0.abstract) })
        text += section("GLOBAL OPTIONS", rows: globalOptions.map { ($0.helpLabel, $0.help) })
        text += exitCodes()
        text += "  See 'rosterdb help <command>' for detailed help.\n"
        return text
    }

    /// Help for one command.
    func render(_ command: CommandSpec, globalOptions: [OptionSpec]) -> String {
        var text = "OVERVIEW: \(command.abstract)\n\n"
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

    /// A titled two-column list; a label too wide for the column puts its help on the next line.
    private func section(_ title: String, rows: [(label: String, help: String)]) -> String {
        let labelWidth = min(rows.map(\.label.count).max() ?? 0, 26)
        let helpIndent = 2 + labelWidth + 2
        var text = "\(title):\n"
        for row in rows {
            let help = wrap(row.help, indent: helpIndent)
            let helpText = String(help.dropFirst(helpIndent))
            if row.label.count > labelWidth {
                text += "  \(row.label)\n" + help
            } else {
                text += "  " + row.label + String(repeating: " ", count: labelWidth - row.label.count + 2) + helpText
            }
        }
        return text + "\n"
    }

    /// `text` wrapped at word boundaries to `width`, every line indented by `indent` and ended by a newline.
    func wrap(_ text: String, indent: Int) -> String {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, indent + line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.map { margin + $0 + "\n" }.joined()
    }
}
