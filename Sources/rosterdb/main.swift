import RosterCLI

CommandLineInterface.main(arguments: CommandLine.unsafeArgv, count: CommandLine.argc)
