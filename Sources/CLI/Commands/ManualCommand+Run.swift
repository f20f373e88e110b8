extension ManualCommand: Command {
    func run(_ context: CommandContext) throws -> ExitStatus {
        let view = ManualPageView(
            commands: CommandLineSpec.visibleCommands, globalOptions: CommandLineSpec.globalOptions)
        try context.output.write(view.render())
        return .success
    }
}
