import Glibc
import RosterHTTP
import RosterService

extension ServeCommand: Command {
    func run(_ context: CommandContext) throws -> ExitStatus {
        // Before any thread starts, so that every thread inherits the mask and only `wait()` takes the signals.
        let signals = StopSignals.block([SIGINT, SIGTERM, SIGHUP])
        var configuration = HTTPServerConfiguration(address: address, port: port)
        if let threads {
            configuration.threads = threads
        } else if write {
            // A write holds its thread while it waits for the writer, idle: the writes that wait together share one
            // commit, and only as many wait together as there are threads to wait.
            configuration.threads = min(4 * configuration.threads, 256)
        }
        if let maxBody { configuration.maximumBodyBytes = maxBody }
        configuration.refusal = RosterRoutes.refusal
        configuration.log = { message in
            var line = "rosterdb serve: \(message)\n"
            line.withUTF8 { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
        var options = ServeOptions(path: context.databasePath, busyTimeout: context.busyTimeout)
        options.cors = cors
        options.queryTimeLimit = timeLimit
        options.imageTemplate = imageTemplate
        options.write = write
        options.requireToken = requireToken
        options.acceptedHosts = ServeOptions.acceptedHosts(listeningOn: address)
        let cache = ResultCache()
        // Migrations, if the roster needs any, are applied here once, before the workers open it; and closed again
        // (a user who cannot write the roster reads a private copy of it, which the server must not hold on to).
        let hasTokens = try !context.openRoster(.read).tokens().isEmpty
        // Beyond this machine (no loopback address, so any Host is answered), writes need a token to check.
        if write && options.acceptedHosts == nil && !hasTokens { throw UnprotectedWrites(address: address) }
        // One writer for every worker: writes made at the same moment share a commit.
        let writer = write ? RosterWriter(path: options.path, busyTimeout: options.busyTimeout) : nil
        let server = try HTTPServer.start(configuration) {
            try RosterRoutes(options: options, cache: cache, writer: writer)
        }
        // Messages from here on are for whoever watches; a server whose standard error is closed or full serves on.
        if address == "0.0.0.0" || address == "::" {
            try? context.errors.write(
                "Warning: listening on every interface (\(address)); anyone who can reach this "
                    + "machine can read the roster\(write ? " and write it" : "").\n")
        }
        let shown = server.endpoint.hasPrefix("0.0.0.0:") ? "127.0.0.1:\(server.port)" : server.endpoint
        if requireToken && !hasTokens {
            try? context.errors.write(
                "Warning: --require-token, and the roster has no token yet: every read is refused until one is made "
                    + "(rosterdb token create).\n")
        }
        try? context.errors.write("Serving \(context.databasePath) at http://\(shown)/\n")
        try? context.errors.flush()
        _ = signals.wait()
        try? context.errors.write("Stopping: answering the requests in flight, then exiting.\n")
        try? context.errors.flush()
        server.stop()
        // The writes of the requests answered are made; what they left in the log goes into the file.
        writer?.close()
        return .success
    }
}
