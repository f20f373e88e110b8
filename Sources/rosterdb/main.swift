import Glibc
import RosterCLI

exit(CommandLineInterface.main(arguments: CommandLine.unsafeArgv, count: CommandLine.argc))
