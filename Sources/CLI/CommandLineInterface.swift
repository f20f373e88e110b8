import CSystem
import Glibc
import RosterModel
import RosterService

/// The `rosterdb` program: parses the command line, runs the command, and turns every outcome into text on the
/// right stream and a documented exit code. Nothing here traps on user input.
package enum CommandLineInterface {
    /// Runs the program on real standard streams and exits with its exit code. `arguments` come from the C `argv`
    /// as they are: an argument that is not UTF-8 is refused rather than repaired, since a repaired file name
    /// would open or create another file than the one named. The command's roster is closed by then; the streams
    /// are left to the exit, since freeing their 64 KiB buffers makes the C library sort its lists of free memory
    /// (2.5% of the instructions of a `show`).
    package static func main(arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, count: Int32) -> Never {
        prepareProcess()
        let inputIsOpen = openClosedStandardDescriptors()
        let environment = Environment.current()
        var undecodable: [String] = []
        var argv: [String] = []
        for index in 1..<max(Int(count), 1) {
            guard let pointer = arguments[index] else { continue }
            if let text = String(validatingCString: pointer) {
                argv.append(text)
            } else {
                undecodable.append("argument \(index)")
            }
        }
        let output = FileOutput(descriptor: STDOUT_FILENO)
        let errors = FileOutput(descriptor: STDERR_FILENO, stopsOnSignal: false)
        // Every exec passes at least the program's name. The static Swift runtime finds the arguments through
        // /proc/self/maps; with no descriptor free to open it (`ulimit -n 3`), or no /proc, it finds none, and
        // running on would treat `rosterdb --db x import f` as a bare `rosterdb`.
        guard count > 0 else {
            try? errors.write(
                "Error: cannot read the command line: the runtime found no arguments (no file "
                    + "descriptor free, see ulimit -n, or /proc not mounted)\n")
            try? errors.flush()
            exit(ExitStatus.ioError.rawValue)
        }
        let status =
            undecodable.isEmpty
            ? run(
                arguments: argv, environment: environment, output: output, errors: errors,
                terminal: .current(environment: environment), input: inputIsOpen ? STDIN_FILENO : -1)
            : report(UsageError.notUTF8(undecodable), errors: errors)
        try? errors.flush()
        exit(status.rawValue)
    }

    /// Sets up the process before anything else runs.
    private static func prepareProcess() {
        // A closed pipe and a file over the size limit (`ulimit -f`) make write(2) fail with EPIPE and EFBIG, which
        // rosterdb reports, instead of killing it without a word.
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        // Under an address-space limit (`ulimit -v`), every thread allocates from the one main heap. A second
        // thread's own heap reserves 64 MiB of address space; where that is refused, glibc maps a page of its own
        // for each of that thread's allocations, and an import runs out of address space within seconds.
        if Roster.addressSpaceIsLimited {
            mallopt(M_ARENA_MAX, 1)
        } else {
            // The history's triggers allocate and free a frame for every player a write changes; with glibc's
            // default threshold, each such frame grew the heap and gave it back (two brk calls and fresh pages a
            // change, a fifth of a night's import). Free memory at the heap's top is now given back once it is
            // over 4 MiB (and whenever a server asks, `Roster.returnFreedMemory`), which an address-space limit
            // may not leave room for.
            mallopt(M_TRIM_THRESHOLD, 4 << 20)
        }
    }

    /// Puts /dev/null, read-only, on each of descriptors 0, 1 and 2 that was closed at start (`<&-`, `>&-`,
    /// `2>&-`), as SQLite does for its own files: otherwise the next file opened would take its number and be
    /// written as standard output or error (an import's changes file, say). Reading it gives nothing and writing
    /// to it fails (EBADF), as on the closed descriptor. Returns whether standard input was open: a closed one
    /// must not be read as an empty feed (`import --prune -` would then empty the roster).
    private static func openClosedStandardDescriptors() -> Bool {
        var inputIsOpen = true
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            if descriptor == STDIN_FILENO { inputIsOpen = false }
            // The lowest free number, which is this one: those below it are open by now.
            _ = open("/dev/null", O_RDONLY)
        }
        return inputIsOpen
    }

    /// Runs one command line; testable with in-memory outputs. A variable of `environment` that is not UTF-8 is
    /// refused when it is used.
    static func run(
        arguments: [String], environment: Environment, output: TextOutput, errors: TextOutput, terminal: Terminal,
        input: Int32
    ) -> ExitStatus {
        let commands = CommandLineSpec.Commands.runnable
        let parser = ArgumentParser(
            commands: commands.map { (command: any Command.Type) -> any DeclaredCommand.Type in command },
            globalOptions: CommandLineSpec.globalOptions)
        let help = HelpGenerator(width: terminal.helpWidth)
        var commandSpec: CommandSpec?
        do {
            commandSpec = try? parser.findCommand(in: arguments)
            let invocation = try parser.parse(arguments) { try TextFile.read($0, stop: SignalTrap.stop) }
            commandSpec = invocation.command
            let parsed = invocation.arguments
            // A global option like the others: wherever it is given, the version is all that is printed.
            if CommandLineSpec.version.read(from: parsed) {
                try output.write(CommandLineSpec.versionText + "\n")
                try output.flush()
                return .success
            }
            guard let command = commands.first(where: { $0.name == invocation.command?.name }) else {
                if invocation.wantsHelp {
                    try output.write(
                        help.renderRoot(
                            commands: commands.map { $0.spec }, globalOptions: CommandLineSpec.globalOptions))
                } else {
                    throw UsageError.missingCommand
                }
                try output.flush()
                return .success
            }
            if invocation.wantsHelp {
                try output.write(help.render(command.spec, globalOptions: CommandLineSpec.globalOptions))
                try output.flush()
                return .success
            }
            let databasePath = try CommandLineSpec.database.read(from: parsed)
            if databasePath == nil && environment.undecodable.contains("ROSTERDB_DB") {
                throw UsageError.notUTF8(["$ROSTERDB_DB"])
            }
            // An empty variable is an unset one, as for most variables that name a file: `ROSTERDB_DB= rosterdb`.
            let variable = environment.database.flatMap { $0.isEmpty ? nil : $0 }
            let context = CommandContext(
                databasePath: databasePath ?? variable ?? "roster.db",
                busyTimeout: try CommandLineSpec.busyTimeout.read(from: parsed) ?? 5,
                output: output, errors: errors, terminal: terminal, input: input)
            let status = try command.init(parsed).run(context)
            try output.flush()
            return status
        } catch let error as OutputError where error.isBrokenPipe {
            return .success  // The reader stopped reading (`| head`); that is not a failure.
        } catch {
            // What the command wrote first, such as an import's report, is not lost.
            try? output.flush()
            return report(error, command: commandSpec, errors: errors)
        }
    }

    /// Writes `error` as `Error: …` with what its kind adds: a usage error the usage line of `command` (of rosterdb
    /// when nil), a lookup the candidates, an invalid player its problems. Returns the exit code of its category.
    static func report(_ error: any Error, command: CommandSpec? = nil, errors: TextOutput) -> ExitStatus {
        // A message can quote text another program stored, or a map file's line: its escape sequences must not reach
        // the terminal.
        let line = "Error: \(DisplayWidth.printable("\(error)"))\n"
        let usage = command?.usage ?? "rosterdb [--db <path>] <command> [<options>]"
        let help = command.map { "rosterdb \($0.name) --help" } ?? "rosterdb --help"
        let text =
            switch error {
            case is UsageError: line + "Usage: \(usage)\n  See '\(help)' for more information.\n"
            case let error as LookupError: line + CandidateListView.render(error)
            case let error as InvalidPlayer: PlayerProblemsView.render(error.problems) + line
            default: line
            }
        try? errors.write(text)
        return ExitStatus(ErrorCategory(of: error))
    }
}
