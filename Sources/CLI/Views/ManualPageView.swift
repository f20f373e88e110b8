import RosterModel

/// The manual page, `rosterdb(1)` in roff, rendered from the command line's declarations: every command with its
/// arguments and options, the global options, the exit codes and a few examples.
struct ManualPageView {
    /// The commands people run (`CommandLineSpec.visibleCommands`), in the help's order.
    let commands: [CommandSpec]
    let globalOptions: [OptionSpec]

    /// Command lines and what each does.
    static let examples = [
        ("rosterdb init --sample", "Create roster.db in this folder with the sample roster."),
        ("rosterdb query --position ST,CF --sort goals:desc", "The strikers and centre-forwards, most goals first."),
        ("rosterdb query --club 'Man Utd' --format csv --all", "Every player of a club, as CSV."),
        ("rosterdb show salah", "One player in detail."),
        ("rosterdb import players.json", "Add or update the players of a file."),
        ("rosterdb stats --by club", "Players, goals and assists per club."),
    ]

    func render() -> String {
        var text = ".TH ROSTERDB 1 \"\" \(Self.quoted(CommandLineSpec.versionText)) \"User Commands\"\n"
        text += ".SH NAME\nrosterdb \\- \(Self.escaped(CommandLineSpec.overview))\n"
        text += ".SH SYNOPSIS\n.B rosterdb\n[\\fB\\-\\-db\\fR \\fIpath\\fR] \\fIcommand\\fR [\\fIoptions\\fR]\n"
        text += ".SH DESCRIPTION\n\(Self.escaped(CommandLineSpec.overview))\n"
        text += ".PP\nEach command is described below; \\fBrosterdb help\\fR \\fIcommand\\fR prints the same.\n"
        text += ".SH COMMANDS\n"
        for command in commands {
            text += ".SS \(command.name)\n"
            text += ".B \(Self.escaped(command.usage))\n.PP\n\(Self.escaped(command.abstract))\n"
            if !command.discussion.isEmpty { text += ".PP\n\(Self.escaped(command.discussion))\n" }
            for argument in command.arguments {
                text += ".TP\n\\fI\(Self.escaped(argument.synopsis))\\fR\n\(Self.escaped(argument.help))\n"
            }
            text += command.options.map(Self.option).joined()
        }
        text += ".SH GLOBAL OPTIONS\nGiven before or after the command.\n"
        text += globalOptions.map(Self.option).joined()
        text += ".SH EXIT STATUS\n"
        for status in ExitStatus.allCases {
            text += ".TP\n.B \(status.rawValue)\n\(Self.escaped(status.meaning))\n"
        }
        text += ".SH ENVIRONMENT\n.TP\n.B ROSTERDB_DB\n"
        text += "The roster database when \\fB\\-\\-db\\fR is not given; else roster.db in the current folder.\n"
        text += ".SH EXAMPLES\n"
        for (line, meaning) in Self.examples {
            text += ".TP\n.B \(Self.escaped(line))\n\(Self.escaped(meaning))\n"
        }
        return text
    }

    /// A tagged paragraph: `-h, --help` in bold with its value name in italics, then its help.
    private static func option(_ option: OptionSpec) -> String {
        var label = option.shortName.map { "\\fB\\-\($0)\\fR, " } ?? ""
        label += "\\fB\\-\\-\(escaped(option.name))\\fR"
        if case .value(let name) = option.kind { label += " \\fI\(escaped(name))\\fR" }
        return ".TP\n\(label)\n\(escaped(option.help))\n"
    }

    /// `text` as roff reads it literally: backslashes and hyphens escaped, and a line that would start with a
    /// control character (`.`, `'`) preceded by `\&`.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            default: result.append(character)
            }
        }
        if let first = result.first, first == "." || first == "'" { result = "\\&" + result }
        return result
    }

    /// An argument of a request in double quotes, which roff does not escape: a double quote is written twice.
    private static func quoted(_ text: String) -> String {
        "\"" + escaped(text).split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
