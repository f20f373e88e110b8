import Glibc
import RosterCLI

exit(CommandLineInterface.main(arguments: CommandLine.arguments))
