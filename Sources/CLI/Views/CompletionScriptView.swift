/// The completion script of a shell, rendered from the command line's declarations: the commands, their options
/// and positional arguments, the options' fixed values, and for the options that take a field's values
/// (`OptionSpec.rosterValues`) a call of `rosterdb __complete FIELD PREFIX`, which reads them from the roster.
struct CompletionScriptView {
    /// The commands people run (`CommandLineSpec.visibleCommands`), in the help's order.
    let commands: [CommandSpec]
    let globalOptions: [OptionSpec]

    func render(_ shell: CompletionShell) -> String {
        switch shell {
        case .bash: bash(header: "# rosterdb completion for bash: source <(rosterdb completions bash)\n")
        case .zsh: zsh
        case .fish: fish
        }
    }

    // MARK: - bash

    /// The spellings of an option: `-h --help`.
    private static func spellings(_ option: OptionSpec) -> [String] {
        (option.shortName.map { ["-\($0)"] } ?? []) + ["--\(option.name)"]
    }

    /// `text` in single quotes for a POSIX shell.
    private static func quoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// `words`, each quoted, as the arguments of `_rosterdb_words`.
    private static func words(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }

    /// The bash function `_rosterdb` and its registration; zsh runs the same function through bashcompinit.
    private func bash(header: String) -> String {
        let everyOption = globalOptions + commands.flatMap(\.options)
        var valueTaking: [String] = []
        for option in everyOption where option.takesValue {
            for spelling in Self.spellings(option) where !valueTaking.contains(spelling) {
                valueTaking.append(spelling)
            }
        }
        var text = header
        text += """
            # The words that start with $2, each after $1 (`name,` when completing `name,go`); compgen -W would
            # split them again, and zsh's emulation of it does not filter them.
            _rosterdb_words() {
                local head="$1" cur="$2" word
                shift 2
                for word in "$@"; do
                    [[ $word == "$cur"* ]] && COMPREPLY+=("$head$word")
                done
            }

            # The values of field $1 that players have and that start with $2, each after $3, as the shell reads them:
            # escaped, or as they are after a quote the user opened (`--club "Paris S`), which the shell closes.
            _rosterdb_values() {
                local IFS=$'\\n' value prefix="$2" quoted=""
                case "$prefix" in \\"* | \\'*) quoted=1 prefix="${prefix:1}" ;; esac
                for value in $(command rosterdb "${_rosterdb_db[@]}" __complete "$1" -- "${prefix//\\\\/}" 2>/dev/null); do
                    [[ -n $quoted ]] || printf -v value '%q' "$value"
                    COMPREPLY+=("$3$value")
                done
            }

            _rosterdb() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="" option="" command="" i word positionals=0
                local -a _rosterdb_db=()
                COMPREPLY=()
                for ((i = 1; i < COMP_CWORD; i++)); do
                    word="${COMP_WORDS[i]}"
                    case "$word" in
                        --db=*) _rosterdb_db=("$word") ;;
                        --db)
                            if [[ ${COMP_WORDS[i + 1]} == = ]]; then _rosterdb_db=(--db "${COMP_WORDS[i + 2]}")
                            else _rosterdb_db=(--db "${COMP_WORDS[i + 1]}"); fi ;;
                    esac
                    case "$word" in
                        \(valueTaking.joined(separator: " | ")))
                            if [[ ${COMP_WORDS[i + 1]} == = ]]; then ((i += 2)); else ((i++)); fi ;;
                        -*) ;;
                        *) if [[ -z $command ]]; then command="$word"; else ((positionals++)); fi ;;
                    esac
                done
                # `--sort=na` reaches a completion as the words `--sort`, `=` and `na`.
                local head=""
                if [[ $cur == --*=* ]]; then
                    # zsh keeps `--sort=na` one word.
                    option="${cur%%=*}"
                    head="$option="
                    cur="${cur#*=}"
                elif [[ $cur == = ]]; then
                    option="${COMP_WORDS[COMP_CWORD - 1]}"
                    cur=""
                elif ((COMP_CWORD > 1)) && [[ ${COMP_WORDS[COMP_CWORD - 1]} == = ]]; then
                    option="${COMP_WORDS[COMP_CWORD - 2]}"
                elif ((COMP_CWORD > 0)); then
                    prev="${COMP_WORDS[COMP_CWORD - 1]}"
                    case "$prev" in \(valueTaking.joined(separator: " | "))) option="$prev" ;; esac
                fi
                if [[ -n $option ]]; then
                    # A list of values (`--sort name,goals:desc`) completes its last item.
                    [[ $cur == *,* ]] && head="$head${cur%,*}," && cur="${cur##*,}"
                    case "$command $option" in

            """
        // Each command's options, then the global ones after any command (`*`).
        let rows =
            commands.flatMap { command in command.options.map { ("\"\(command.name) ", $0) } }
            + globalOptions.map { ("*\" ", $0) }
        for (lead, option) in rows where option.takesValue {
            let pattern = Self.spellings(option).map { "\(lead)\($0)\"" }.joined(separator: " | ")
            let action =
                if let field = option.rosterValues {
                    "_rosterdb_values \(field.name) \"$cur\" \"$head\""
                } else if !option.choices.isEmpty {
                    "_rosterdb_words \"$head\" \"$cur\" \(Self.words(option.choices))"
                } else {
                    "COMPREPLY=($(compgen -f -- \"$cur\"))"
                }
            text += "                \(pattern)) \(action) ;;\n"
        }
        text += """
                    esac
                    return 0
                fi
                if [[ -z $command ]]; then
                    if [[ $cur == -* ]]; then
                        _rosterdb_words "" "$cur" \(Self.words(globalOptions.flatMap(Self.spellings)))
                    else
                        _rosterdb_words "" "$cur" \(Self.words(commands.map(\.name) + ["help"]))
                    fi
                    return 0
                fi
                case "$command" in

            """
        for command in commands {
            let options = Self.words((command.options + globalOptions).flatMap(Self.spellings))
            text += "        \(command.name))\n"
            text += "            if [[ $cur == -* ]]; then\n"
            text += "                _rosterdb_words \"\" \"$cur\" \(options)\n"
            for (index, argument) in command.arguments.enumerated() where !argument.choices.isEmpty {
                text += "            elif ((positionals == \(index))); then\n"
                text += "                _rosterdb_words \"\" \"$cur\" \(Self.words(argument.choices))\n"
            }
            if !command.arguments.isEmpty {
                text += "            else\n"
                text += "                COMPREPLY=($(compgen -f -- \"$cur\"))\n"
            }
            text += "            fi ;;\n"
        }
        text += "        help) _rosterdb_words \"\" \"$cur\" \(Self.words(commands.map(\.name))) ;;\n"
        text += """
                esac
                return 0
            }

            complete -F _rosterdb rosterdb

            """
        return text
    }

    // MARK: - zsh

    /// The bash function, run by zsh's bashcompinit, which emulates bash's `complete` and `compgen`.
    private var zsh: String {
        bash(
            header: """
                #compdef rosterdb
                # rosterdb completion for zsh: save as _rosterdb in a folder of $fpath, or
                # source <(rosterdb completions zsh) after compinit.
                autoload -U +X bashcompinit && bashcompinit

                """)
    }

    // MARK: - fish

    private var fish: String {
        var text =
            "# rosterdb completion for fish: rosterdb completions fish > ~/.config/fish/completions/rosterdb.fish\n"
        text += "complete -c rosterdb -f\n"
        let names = commands.map(\.name).joined(separator: " ")
        for command in commands {
            text += "complete -c rosterdb -n \"not __fish_seen_subcommand_from \(names)\" -a \(command.name) "
            text += "-d \(Self.quoted(command.abstract))\n"
        }
        for option in globalOptions {
            text += "complete -c rosterdb \(fishOption(option))\n"
        }
        for command in commands {
            for option in command.options {
                text +=
                    "complete -c rosterdb -n \"__fish_seen_subcommand_from \(command.name)\" \(fishOption(option))\n"
            }
            for argument in command.arguments where !argument.choices.isEmpty {
                text += "complete -c rosterdb -n \"__fish_seen_subcommand_from \(command.name)\" "
                text += "-a \(Self.quoted(argument.choices.joined(separator: " ")))\n"
            }
            if command.arguments.contains(where: { $0.choices.isEmpty }) {
                text += "complete -c rosterdb -n \"__fish_seen_subcommand_from \(command.name)\" -F\n"
            }
        }
        return text
    }

    /// `-s h -l help -d '…'`, with what the option's value completes from.
    private func fishOption(_ option: OptionSpec) -> String {
        var text = option.shortName.map { "-s \($0) " } ?? ""
        text += "-l \(option.name)"
        if option.takesValue {
            if let field = option.rosterValues {
                text += " -x -a \"(rosterdb __complete \(field.name) -- (commandline -ct) 2>/dev/null)\""
            } else if !option.choices.isEmpty {
                text += " -x -a \(Self.quoted(option.choices.joined(separator: " ")))"
            } else {
                text += " -r -F"
            }
        }
        // The first sentence of the help: fish shows it beside the option.
        let summary = option.help.split(separator: ". ", maxSplits: 1).first.map(String.init) ?? option.help
        return text + " -d \(Self.quoted(summary))"
    }
}
