extension CompletionsCommand: Command {
    func run(_ context: CommandContext) throws -> ExitStatus {
        let view = CompletionScriptView(
            commands: CommandLineSpec.visibleCommands, globalOptions: CommandLineSpec.globalOptions)
        try context.output.write(view.render(shell))
        return .success
    }
}
