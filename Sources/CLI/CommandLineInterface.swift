import Glibc
import RosterModel

/// The `rosterdb` program: parses the command line, runs the command, and turns every outcome into text on the
/// right stream and a documented exit code. Nothing here traps on user input.
public enum CommandLineInterface {
    static let version = "rosterdb 0.1.0"
    static let overview = "A command-line roster database for football players, backed by SQLite."

    static var commands: [any Command.Type] {
        [InitCommand.self, ImportCommand.self, QueryCommand.self, ShowCommand.self, ExportCommand.self]
    }
    static var commandNames: [String] { commands.map { $0.spec.name } }

    static let globalOptions: [OptionSpec] = [
        .value("db", "path", help: "The roster database (default: $ROSTERDB_DB, else roster.db in this folder)."),
        .value("busy-timeout", "seconds", help: "How long to wait for another writer's lock (default: 5)."),
        .flag("help", short: "h", help: "Show help information."),
        .flag("version", help: "Show the version."),
    ]

    /// Runs the program on real standard streams and returns its exit code.
    public static func main(arguments: [String]) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        var environment: [String: String] = [:]
        for name in ["ROSTERDB_DB", "COLUMNS"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        let output = FileOutput(descriptor: STDOUT_FILENO)
        let errors = FileOutput(descriptor: STDERR_FILENO)
        let status = run(
            arguments: Array(arguments.dropFirst()), environment: environment, output: output, errors: errors,
            terminal: .current(environment: environment), input: STDIN_FILENO)
        try? errors.flush()
        return status.rawValue
    }

    /// Runs one command line; testable with in-memory outputs.
    static func run(
        arguments: [String], environment: [String: String], output: TextOutput, errors: TextOutput,
        terminal: Terminal, input: Int32
    ) -> ExitStatus {
        let parser = ArgumentParser(commands: commands.map { $0.spec }, globalOptions: globalOptions)
        let help = HelpGenerator(width: terminal.helpWidth)
        var commandSpec: CommandSpec?
        do {
            var argv = arguments
            // `rosterdb help [command]` is `rosterdb [command] --help`.
            if argv.first == "help" { argv = Array(argv.dropFirst()) + ["--help"] }
            commandSpec = try? parser.findCommand(in: argv)
            let invocation = try parser.parse(argv)
            commandSpec = invocation.command
            let parsed = invocation.arguments
            guard let command = commands.first(where: { $0.spec.name == invocation.command?.name }) else {
                if parsed.flag("version") {
                    output.write(version + "\n")
                } else if invocation.wantsHelp {
                    output.write(help.renderRoot(commands: commands.map { $0.spec }, globalOptions: globalOptions))
                } else {
                    throw UsageError.missingCommand
                }
                try output.flush()
                return .success
            }
            if invocation.wantsHelp {
                output.write(help.render(command.spec, globalOptions: globalOptions))
                try output.flush()
                return .success
            }
            let context = CommandContext(
                databasePath: parsed.value("db") ?? environment["ROSTERDB_DB"] ?? "roster.db",
                busyTimeout: try parsed.seconds("busy-timeout", in: 0...86_400) ?? 5,
                output: output, errors: errors, terminal: terminal, input: input)
            let status = try command.init(parsed).run(context)
            try output.flush()
            return status
        } catch let error as UsageError {
            errors.write("Error: \(error.message)\n")
            let usage = commandSpec?.usage ?? "rosterdb [--db <path>] <command> [<options>]"
            let helpCommand = commandSpec.map { "rosterdb \($0.name) --help" } ?? "rosterdb --help"
            errors.write("Usage: \(usage)\n  See '\(helpCommand)' for more information.\n")
            return .usage
        } catch let error as OutputError where error.isBrokenPipe {
            return .success  // The reader stopped reading (`| head`); that is not a failure.
        } catch let error as CategorizedError {
            try? output.flush()
            errors.write("Error: \(error.description)\n")
            return ExitStatus(error.category)
        } catch {
            try? output.flush()
            errors.write("Error: \(error)\n")
            return .failure
        }
    }
}
