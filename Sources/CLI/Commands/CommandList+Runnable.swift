extension CommandList where repeat each Declared: Command {
    /// The declared commands as they run, in their declared order: a declared command that does not run does not
    /// compile. A command is found by name, not cast to `Command`: a cast searches the program's whole table of
    /// conformances at run time, 60,000 instructions, 3% of a `show`.
    static var runnable: [any Command.Type] {
        var commands: [any Command.Type] = []
        for command in repeat (each Declared).self { commands.append(command) }
        return commands
    }
}
