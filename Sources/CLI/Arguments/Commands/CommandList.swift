/// A list of commands as a type, `CommandList<InitCommand, ImportCommand, …>`, so that a front end can require of
/// every command what running it needs (`where repeat each Declared: Command`): the commands it runs are then the
/// commands the parser knows, and one it cannot run does not compile.
package struct CommandList<each Declared: DeclaredCommand> {
    /// The commands, in the order the help lists them.
    package static var declared: [any DeclaredCommand.Type] {
        var commands: [any DeclaredCommand.Type] = []
        for command in repeat (each Declared).self { commands.append(command) }
        return commands
    }
}
