import Glibc
import RosterHTTP
import RosterModel
import RosterServe
import RosterService

/// `rosterdb serve`: the roster, read-only, as a local HTTP data service (JSON) and web page.
struct ServeCommand: Command {
    static let bind = Option.text(
        "bind", "address",
        help: "The address to listen on (default: 127.0.0.1, this machine only; 0.0.0.0 or :: "
            + "opens the roster to the network).")
    static let port = Option.number(
        "port", "port", in: 0...65_535, help: "The TCP port (default: 8080); 0 takes a free one and prints it.")
    static let threads = Option.number(
        "threads", "n", in: 1...256,
        help: "Threads answering requests, each with its own read connection (default: "
            + "one per processor).")
    static let cors = Flag(
        "cors", help: "Let web pages of any origin read the API (Access-Control-Allow-Origin: *, preflight answered).")
    static let timeLimit = Option.decimal(
        "time-limit", "seconds", in: 0.001...3_600, expecting: "a number of seconds from 0.001 to 3600",
        help: "How long one request may read before it is answered 503 (default: 5).")

    static let spec = CommandSpec(
        name: "serve",
        abstract: "Serve the roster over HTTP: a JSON API and a web page, read-only.",
        discussion: "GET /api/players (the filters, sort and paging of query; format=ndjson|csv streams every match), "
            + "/api/players/ID, /api/stats (the filters, by, top), /api/health; the web page at /. Each request reads "
            + "one committed snapshot, so imports may run meanwhile. SIGINT or SIGTERM stops it once the requests in "
            + "flight are answered (exit 0).",
        options: [bind.spec, port.spec, threads.spec, cors.spec, timeLimit.spec]
    )

    let address: String
    let port: UInt16
    let threads: Int?
    let cors: Bool
    let timeLimit: Double

    init(_ arguments: ParsedArguments) throws {
        address = try arguments.value(ServeCommand.bind) ?? "127.0.0.1"
        port = UInt16(try arguments.value(ServeCommand.port) ?? 8080)
        threads = try arguments.value(ServeCommand.threads)
        cors = arguments.isSet(ServeCommand.cors)
        timeLimit = try arguments.value(ServeCommand.timeLimit) ?? 5
    }

    func run(_ context: CommandContext) throws -> ExitStatus {
        // Before any thread starts, so that every thread inherits the mask and only `wait()` takes the signals.
        let signals = StopSignals.block([SIGINT, SIGTERM, SIGHUP])
        var configuration = HTTPServerConfiguration(address: address, port: port)
        if let threads { configuration.threads = threads }
        configuration.log = { message in
            var line = "rosterdb serve: \(message)\n"
            line.withUTF8 { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
        var options = ServeOptions(path: context.databasePath, busyTimeout: context.busyTimeout)
        options.cors = cors
        options.queryTimeLimit = timeLimit
        let cache = ResultCache()
        // Migrations, if the roster needs any, are applied here once, before the workers open it read-only.
        _ = try context.openRoster(.read)
        let server = try HTTPServer.start(configuration) { try RosterWorker(options: options, cache: cache) }
        if address == "0.0.0.0" || address == "::" {
            try context.errors.write(
                "Warning: listening on every interface (\(address)); anyone who can reach this "
                    + "machine can read the roster.\n")
        }
        let shown = server.endpoint.hasPrefix("0.0.0.0:") ? "127.0.0.1:\(server.port)" : server.endpoint
        try context.errors.write("Serving \(context.databasePath) at http://\(shown)/\n")
        try context.errors.flush()
        _ = signals.wait()
        try context.errors.write("Stopping: answering the requests in flight, then exiting.\n")
        server.stop()
        return .success
    }
}
