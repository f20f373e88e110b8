/// A command as the command line declares it: its name and texts, its positional arguments, and each of its options
/// named once, whose typed readings `read` receives in the same order, after the positional arguments. Its `spec`,
/// from which parsing, help and suggestions are derived, lists exactly the options `read` receives.
package struct CommandDeclaration<Command>: Sendable {
    package private(set) var spec: CommandSpec
    private let reader: @Sendable (ParsedArguments) throws -> Command

    package init<each Part: OptionDeclaration>(
        name: String, abstract: String, discussion: String = "", arguments: [ArgumentSpec] = [],
        options parts: repeat each Part,
        read: @escaping @Sendable (_ positionals: [String], repeat (each Part).Reading) throws -> Command
    ) {
        var options: [OptionSpec] = []
        for part in repeat each parts { options += part.specs }
        // A spelling declared twice, among the command's options and the global ones, would give the first
        // declaration's value to both. Declarations are constants, which the tests build in a debug build, where
        // one stops the program; a release build skips the search (half a percent of a `show`).
        #if DEBUG
            if let spelling = OptionSpec.repeatedSpelling(in: options + CommandLineSpec.globalOptions) {
                preconditionFailure("'\(spelling)' is declared twice for \(name)")
            }
        #endif
        spec = CommandSpec(
            name: name, abstract: abstract, discussion: discussion, arguments: arguments, options: options)
        reader = { arguments in try read(arguments.positionals, repeat (each parts).read(from: arguments)) }
    }

    /// Leaves the command out of the help, the completions and the manual.
    package mutating func hide() {
        spec.isHidden = true
    }

    /// The command the parsed line gives; a value that cannot be read, or options that do not go together, are
    /// usage errors.
    package func read(_ arguments: ParsedArguments) throws -> Command {
        try reader(arguments)
    }
}
