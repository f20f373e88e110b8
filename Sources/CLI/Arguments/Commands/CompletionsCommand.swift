import RosterModel

/// `rosterdb completions bash|zsh|fish`: the shell's completion script, made from the command line's declarations.
package struct CompletionsCommand: DeclaredCommand {
    package static let name = "completions"
    package static let declaration = CommandDeclaration(
        name: name,
        abstract: "Print a completion script for bash, zsh or fish.",
        discussion: "The script completes commands, options and their fixed values (formats, sort keys, position "
            + "codes), and clubs and nationalities from the roster (--db, else $ROSTERDB_DB, else roster.db). "
            + "To install it: for bash, add 'source <(rosterdb completions bash)' to ~/.bashrc; for zsh, "
            + "'rosterdb completions zsh > \"${fpath[1]}/_rosterdb\"' (or add 'source <(rosterdb completions zsh)' "
            + "to ~/.zshrc after compinit); for fish, 'rosterdb completions fish > "
            + "~/.config/fish/completions/rosterdb.fish'.",
        arguments: [
            ArgumentSpec(
                name: "shell", help: "bash, zsh or fish.", choices: CompletionShell.allCases.map(\.rawValue))
        ]
    ) { positionals in
        CompletionsCommand(shell: try CompletionsCommand.shell(positionals[0]))
    }

    package let shell: CompletionShell

    /// The shell `text` names; another is a usage error that suggests the nearest.
    static func shell(_ text: String) throws -> CompletionShell {
        if let shell = CompletionShell(rawValue: text.lowercased()) { return shell }
        let names = CompletionShell.allCases.map(\.rawValue)
        let guess = Suggestion.nearest(to: text, among: names)
        throw UsageError.invalidValue(
            value: text, option: "<shell>",
            reason: "expected bash, zsh or fish" + (guess.map { " (did you mean '\($0)'?)" } ?? "") + ".")
    }
}
