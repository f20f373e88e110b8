/// A subcommand as the command line declares it: its options, and how it reads them into typed values. Running it
/// belongs to the front end (`Command` in RosterCLI), so that parsing builds, and is fuzzed, without the roster.
package protocol DeclaredCommand {
    /// The name that runs it, known without building its declaration: a command line builds only the declaration
    /// of the command it names.
    static var name: String { get }
    /// Its texts and options, and how it is made of their values.
    static var declaration: CommandDeclaration<Self> { get }
}

extension DeclaredCommand {
    package static var spec: CommandSpec { declaration.spec }

    /// Reads and checks the options; a bad value is a `UsageError`.
    package init(_ arguments: ParsedArguments) throws {
        self = try Self.declaration.read(arguments)
    }
}
