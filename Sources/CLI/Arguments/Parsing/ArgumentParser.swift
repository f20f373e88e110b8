import RosterModel

/// The command line split into a command, its options and its positional arguments.
package struct Invocation {
    /// Nil when no command was named (`rosterdb --version`, `rosterdb --help`).
    package let command: CommandSpec?
    package let arguments: ParsedArguments
    /// `-h`/`--help` appeared before any `--`.
    package let wantsHelp: Bool
}

/// Parses argv the way swift-argument-parser does: `--opt value`, `--opt=value`, `-h`, and `--` ending the options.
/// Global options are accepted before or after the command name.
package struct ArgumentParser {
    package let commandNames: [String]
    package let globalOptions: [OptionSpec]
    /// The declaration of the command of a name in `commandNames`, built when asked for: a line that names one
    /// command builds that one's alone (building them all took a tenth of a short command's run).
    private let declaration: (String) -> CommandSpec?

    package init(commands: [CommandSpec], globalOptions: [OptionSpec]) {
        commandNames = commands.map(\.name)
        self.globalOptions = globalOptions
        declaration = { name in commands.first { $0.name == name } }
    }

    package init(commands: [any DeclaredCommand.Type], globalOptions: [OptionSpec]) {
        commandNames = commands.map { $0.name }
        self.globalOptions = globalOptions
        declaration = { name in commands.first { $0.name == name }?.spec }
    }

    /// Parses `argv`; a profile it names (`--profile FILE`) is read through `readProfile`, and its options come
    /// before the command line's (`ParsedArguments.following`).
    package func parse(_ argv: [String], readProfile: (String) throws -> String = { _ in "" }) throws -> Invocation {
        // `help [command]`, where a command goes, is `[command] --help`: only the command it names must be known.
        if let index = commandIndex(in: argv[...]), argv[index] == ArgumentParser.helpCommand {
            let command = try findCommand(in: argv)
            return Invocation(
                command: command, arguments: .none(accepting: (command?.options ?? []) + globalOptions),
                wantsHelp: true)
        }
        // Help wins over every other mistake on the line, as in swift-argument-parser.
        if argv.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) {
            let command = try? findCommand(in: argv)
            return Invocation(
                command: command, arguments: .none(accepting: (command?.options ?? []) + globalOptions),
                wantsHelp: true)
        }
        let command = try findCommand(in: argv)
        let available = (command?.options ?? []) + globalOptions
        var given: [ParsedArguments.GivenOption] = []
        var positionals: [String] = []
        var optionsEnded = false
        var commandSeen = false
        var index = 0
        while index < argv.count {
            let token = argv[index]
            index += 1
            if optionsEnded || !ArgumentParser.looksLikeOption(token) {
                if !commandSeen, command != nil, !optionsEnded {
                    commandSeen = true  // The command name itself.
                } else {
                    positionals.append(token)
                }
                continue
            }
            if token == "--" {
                optionsEnded = true
                continue
            }
            let (name, inlineValue) = ArgumentParser.split(token)
            guard let spec = ArgumentParser.lookUp(name, in: available) else {
                throw UsageError.unknownOption(name, suggestion: ArgumentParser.suggestion(for: name, in: available))
            }
            if !spec.isRepeatable, given.contains(where: { $0.name == spec.name }) {
                throw UsageError.repeatedOption(spec.synopsis)
            }
            if spec.takesValue {
                if let inlineValue {
                    given.append(.init(name: spec.name, value: inlineValue))
                } else if index < argv.count, !ArgumentParser.looksLikeOption(argv[index]) {
                    given.append(.init(name: spec.name, value: argv[index]))
                    index += 1
                } else {
                    throw UsageError.missingValue(option: spec.synopsis)
                }
            } else {
                if let inlineValue { throw UsageError.unexpectedValue(option: spec.synopsis, value: inlineValue) }
                given.append(.init(name: spec.name, value: ""))
            }
        }
        var arguments = ParsedArguments(given: given, accepted: available, positionals: positionals)
        if let command { try arguments.checkPositionals(against: command.arguments) }
        if let profile = command?.options.first(where: \.isProfile),
            let file = given.last(where: { $0.name == profile.name })?.value
        {
            let options = try ProfileFile.options(in: readProfile(file), file: file, accepted: command?.options ?? [])
            arguments = arguments.following(options)
        }
        return Invocation(command: command, arguments: arguments, wantsHelp: false)
    }

    /// The word that, where a command goes, asks for help on the command after it (or on rosterdb).
    package static let helpCommand = "help"

    /// The command: the first token that is neither an option nor an option's value; after `help`, the next such
    /// token (nil when there is none).
    package func findCommand(in argv: [String]) throws -> CommandSpec? {
        guard var index = commandIndex(in: argv[...]) else { return nil }
        if argv[index] == ArgumentParser.helpCommand {
            guard let named = commandIndex(in: argv[(index + 1)...]) else { return nil }
            index = named
        }
        let token = argv[index]
        guard commandNames.contains(token), let command = declaration(token) else {
            throw UsageError.unknownCommand(token, suggestion: Suggestion.nearest(to: token, among: commandNames))
        }
        return command
    }

    /// Where the command's name is in `argv`: the first token that is neither an option nor an option's value.
    private func commandIndex(in argv: ArraySlice<String>) -> Int? {
        // Before the command's name, which options take a value: the global ones, on almost every line; only an
        // option of a command's own there needs every command's declaration.
        var (index, passedOther) = firstOperand(in: argv, options: globalOptions, stoppingAtOthers: true)
        if passedOther {
            let everyOption = globalOptions + commandNames.compactMap(declaration).flatMap(\.options)
            index = firstOperand(in: argv, options: everyOption, stoppingAtOthers: false).index
        }
        return index
    }

    /// The index of the first token that is neither an option nor the value of one of `options` (nil at the end or
    /// at `--`); an option not among `options` takes no value, or, when `stoppingAtOthers`, ends the search with
    /// `passedOther`.
    private func firstOperand(in argv: ArraySlice<String>, options: [OptionSpec], stoppingAtOthers: Bool)
        -> (index: Int?, passedOther: Bool)
    {
        var index = argv.startIndex
        while index < argv.endIndex {
            let token = argv[index]
            if token == "--" { break }
            guard ArgumentParser.looksLikeOption(token) else { return (index, false) }
            index += 1
            let (name, inlineValue) = ArgumentParser.split(token)
            let option = ArgumentParser.lookUp(name, in: options)
            if option == nil, stoppingAtOthers { return (nil, true) }
            if inlineValue == nil, option?.takesValue == true { index += 1 }
        }
        return (nil, false)
    }

    /// Options start with `-`; a lone `-` (standard input) and negative numbers are values.
    static func looksLikeOption(_ token: String) -> Bool {
        guard token.hasPrefix("-"), token != "-" else { return false }
        let rest = token.dropFirst()
        return !(rest.first?.isNumber ?? false)
    }

    /// `--name=value` → (`--name`, `value`).
    private static func split(_ token: String) -> (name: String, value: String?) {
        guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
        return (String(token[..<equals]), String(token[token.index(after: equals)...]))
    }

    private static func lookUp(_ name: String, in options: [OptionSpec]) -> OptionSpec? {
        if name.hasPrefix("--") {
            let long = name.dropFirst(2)
            return options.first { $0.name == long }
        }
        guard name.count == 2, let short = name.last else { return nil }
        return options.first { $0.shortName == short }
    }

    private static func suggestion(for name: String, in options: [OptionSpec]) -> String? {
        Suggestion.nearest(to: name, among: options.map { "--\($0.name)" })
    }
}
