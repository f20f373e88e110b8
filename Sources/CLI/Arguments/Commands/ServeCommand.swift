import RosterHTTP

/// `rosterdb serve`: the roster, read-only, as a local HTTP data service (JSON) and web page.
package struct ServeCommand: DeclaredCommand {
    package static let name = "serve"
    package static let declaration = CommandDeclaration(
        name: name,
        abstract: "Serve the roster over HTTP: a JSON API and a web page, read-only unless --write.",
        discussion: "GET /api/players (the filters, sort and paging of query; format=ndjson|csv streams every match), "
            + "/api/players/ID, /api/stats (the filters, by, top), /api/health; the web pages at /, /stats and "
            + "/players/ID. Each request reads one committed snapshot, so imports may run meanwhile. SIGINT or SIGTERM stops it once the requests in "
            + "flight are answered (exit 0). Once the roster has a token (rosterdb token), a write needs one that "
            + "may write; --write on an address beyond this machine is refused while the roster has none (exit 64).",
        options: Option.text(
            "bind", "address",
            help: "The address to listen on (default: 127.0.0.1, this machine only; 0.0.0.0 or :: opens the roster "
                + "to the network)."),
        Option.number(
            "port", "port", in: 0...65_535, help: "The TCP port (default: 8080); 0 takes a free one and prints it."),
        Option.number(
            "threads", "n", in: 1...256,
            help: "Threads answering requests, each with its own read connection (default: one per processor; with "
                + "--write, four per processor: a write waits on its thread for the commit it shares with the others)."),
        Flag(
            "cors",
            help: "Let web pages of any origin read the API (Access-Control-Allow-Origin: *, preflight answered)."),
        Option.decimal(
            "time-limit", "seconds", in: 0.001...3_600, expecting: "a number of seconds from 0.001 to 3600",
            help: "How long one request may read before it is answered 503 (default: 5)."),
        Option<ImageTemplate>(
            "image-base", "url",
            help: "Where the web page finds a player's image: an http(s) URL with {ref} and {image} for the "
                + "player's ref and image file name (https://img.example.org/{image}); without it no image is shown."
        ) { text in ImageTemplate.parse(text).mapError { Option.ValueRefused(reason: $0.reason) } },
        Flag(
            "write",
            help: "Take writes too: POST /api/players, PATCH and DELETE /api/players/ID, POST /api/import, with the "
                + "rules of add, edit, remove and import (If-Match with a read's ETag writes only if the roster is "
                + "unchanged since). Without it, they are answered 405."),
        Option.number(
            "max-body", "bytes", in: 1...(1 << 40),
            help: "The largest request body a write takes, in bytes (default: 67108864, 64 MiB); a larger one is "
                + "answered 413."),
        Flag(
            "require-token",
            help: "Reads need a token too ('Authorization: Bearer TOKEN', read-only ones will do; see rosterdb "
                + "token); without one they are answered 401. /api/health stays open.")
    ) { _, address, port, threads, cors, timeLimit, imageTemplate, write, maxBody, requireToken in
        if maxBody != nil && !write { throw UsageError.optionRequires("--max-body", "--write") }
        return ServeCommand(
            address: address ?? "127.0.0.1", port: UInt16(port ?? 8080), threads: threads, cors: cors,
            timeLimit: timeLimit ?? 5, imageTemplate: imageTemplate, write: write, maxBody: maxBody,
            requireToken: requireToken)
    }

    package let address: String
    package let port: UInt16
    package let threads: Int?
    package let cors: Bool
    package let timeLimit: Double
    package let imageTemplate: ImageTemplate?
    package let write: Bool
    /// `--max-body`; nil for the server's default.
    package let maxBody: Int?
    /// `--require-token`: reads need a token as writes do.
    package let requireToken: Bool
}
