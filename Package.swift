// swift-tools-version: 6.0
import PackageDescription

/// Release builds of `rosterdb` are linked fully static; the GnuTLS stubs are defined for exactly those builds.
let staticRelease = BuildSettingCondition.when(configuration: .release)

let package = Package(
    name: "rosterdb",
    products: [
        .executable(name: "rosterdb", targets: ["rosterdb"])
    ],
    targets: [
        // SQLite from the system (Debian: libsqlite3-dev).
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // libmicrohttpd from the system (Debian: libmicrohttpd-dev), behind the server adapter of RosterHTTP (HTTP/Server).
        .systemLibrary(
            name: "CMicroHTTPD",
            path: "Sources/CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // zlib from the system (Debian: zlib1g-dev), for RosterHTTP's gzipped answers.
        .systemLibrary(
            name: "CZlib",
            path: "Sources/CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // libsodium from the system (Debian: libsodium-dev), for the API's tokens: their random bytes, their hashes
        // and comparisons that take the same time whatever the bytes.
        .systemLibrary(
            name: "CSodium",
            path: "Sources/CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]
        ),
        // Debian's libmicrohttpd.a is built with HTTPS and references GnuTLS, which cannot be linked statically
        // (Debian has no static p11-kit or libunistring). rosterdb serves plain HTTP and never asks the library
        // for TLS, so the static release link gets these stubs instead: two that libmicrohttpd's constructor and
        // destructor call and that do nothing, and 35 that stop the process if ever reached (GnuTLSStubs.c says
        // why none is). Only release builds compile them; debug builds link the shared library and real GnuTLS.
        .target(
            name: "CGnuTLSStubs",
            path: "Sources/CGnuTLSStubs",
            cSettings: [.define("ROSTERDB_GNUTLS_STUBS", staticRelease)]
        ),

        // ncursesw from the system (Debian: libncurses-dev), for `browse`; the terminal's description is read from the
        // system's terminfo at run time.
        .systemLibrary(
            name: "CNcurses",
            path: "Sources/CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),

        // What the C library declares beyond Swift's Glibc module (mallopt).
        .systemLibrary(name: "CSystem", path: "Sources/CSystem"),

        // Six modules, one per layer, from the bottom up: core vocabulary (model) → formats → storage (repository) →
        // service → front ends (command line, HTTP). Each front end keeps the parts that read user input in folders
        // that need nothing of SQLite or libmicrohttpd (CLI/Arguments, HTTP/Messages, HTTP/Web, Service/Requests):
        // the fuzz build compiles those folders alone, which holds them to it.
        // The core vocabulary: a player, its fields' descriptors and rules, positions, dates, name folding, the
        // storage protocols, and the small concurrency helpers (Concurrency/: a lock the thread sanitizer follows,
        // threads that work beside the calling one).
        .target(name: "RosterModel", path: "Sources/Model"),
        // Records as files hold them: the streaming readers, the validator and the writers.
        .target(name: "RosterFormats", dependencies: ["RosterModel"], path: "Sources/Formats"),
        // The storage on SQLite: the only code that touches it.
        .target(
            name: "RosterRepository",
            dependencies: ["RosterModel", "CSQLite", "CSystem"],
            path: "Sources/Repository",
            plugins: ["EmbedSQL"]
        ),
        // What a front end asks (Requests/: list parameters with their rules and messages, the query string's
        // reader, page tokens, an edit, an import's options) and the service that answers it over the storage.
        .target(
            name: "RosterService",
            dependencies: ["RosterModel", "RosterFormats", "RosterRepository", "CSystem", "CSodium"],
            path: "Sources/Service"
        ),
        // The roster over HTTP: the messages, free of any library (Messages/: requests with their decoded targets,
        // responses, bodies, workers, content negotiation; Web/: HTML with every value escaped, links with every
        // parameter encoded), the server over libmicrohttpd with its limits, sockets and signals (Server/), and the
        // JSON API's and web pages' handlers, plain functions of a request, with their answers gzipped over zlib
        // (Routes/).
        .target(
            name: "RosterHTTP",
            dependencies: ["RosterService", "RosterFormats", "RosterModel", "CMicroHTTPD", "CZlib"],
            path: "Sources/HTTP"),
        // The roster full screen in a terminal (`browse`): its list read a screen at a time, its keys, and the screen
        // over ncursesw; the command line hands it the views it draws with.
        .target(
            name: "RosterBrowse",
            dependencies: ["RosterService", "RosterFormats", "RosterModel", "CNcurses"],
            path: "Sources/Browse"),
        // The command line: the parser, help and each command's options read into typed values (Arguments/), and
        // each command run: it calls the service and hands the result to a view (`serve` starts the HTTP server).
        .target(
            name: "RosterCLI",
            dependencies: ["RosterService", "RosterHTTP", "RosterBrowse", "RosterFormats", "RosterModel", "CSystem"],
            path: "Sources/CLI"),
        .executableTarget(
            name: "rosterdb",
            // CGnuTLSStubs belongs to this target only, the one linked statically, and never to a test product.
            dependencies: ["RosterCLI", "RosterHTTP", "CGnuTLSStubs"],
            path: "Sources/rosterdb",
            // A fully static binary starts in a third of the time of one linked against the shared Swift runtime,
            // and start-up dominates a query of a few milliseconds. The linker warns that SQLite's extension loader
            // and the Swift runtime could call dlopen; rosterdb uses neither path. Debug builds stay dynamic: the
            // address and thread sanitizers' runtimes cannot be linked into a static executable (undefined
            // `_DYNAMIC`), and `swift test --sanitize=...` runs the debug binary.
            linkerSettings: [.unsafeFlags(["-static-executable"], staticRelease)]
        ),

        // Build-time embedding of Migrations/*.sql and seed.sql, so the binary works when copied alone.
        .executableTarget(name: "SQLEmbedder", path: "Sources/SQLEmbedder"),
        .plugin(name: "EmbedSQL", capability: .buildTool(), dependencies: ["SQLEmbedder"], path: "Plugins/EmbedSQL"),

        // Temporary folders, fixtures and a runner for the built binary, shared by the test targets.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Runs the built binary for the end-to-end tests and reports its peak memory, which a child of the test
        // process itself cannot (see its main.swift).
        .executableTarget(name: "PeakMemory", path: "Tests/PeakMemory"),
        .testTarget(name: "RosterModelTests", dependencies: ["RosterModel"]),
        .testTarget(name: "RosterFormatsTests", dependencies: ["RosterFormats", "RosterModel", "TestSupport"]),
        // The formats too: the schema-rule test holds the validator and the schema to the same answers.
        .testTarget(
            name: "RosterRepositoryTests",
            dependencies: ["RosterRepository", "RosterFormats", "RosterModel", "TestSupport"]),
        .testTarget(
            name: "RosterServiceTests",
            dependencies: ["RosterService", "RosterFormats", "RosterRepository", "RosterModel", "TestSupport"]),
        .testTarget(
            name: "RosterCLITests",
            dependencies: ["RosterCLI", "RosterService", "RosterFormats", "RosterModel", "TestSupport"]),
        .testTarget(
            name: "RosterHTTPTests",
            dependencies: [
                "RosterHTTP", "RosterService", "RosterRepository", "RosterModel", "CMicroHTTPD", "TestSupport",
            ]),
        // The contract of `RosterStore`, run against every implementation (`StorageEngine.all`).
        .testTarget(
            name: "StorageContractTests", dependencies: ["RosterModel", "RosterRepository", "TestSupport"]),
        // Runs the built `rosterdb` (which `swift test` builds with every target) as a separate process.
        .testTarget(name: "EndToEndTests", dependencies: ["RosterRepository", "TestSupport"]),
    ]
)

// Release builds reach a generic type's metadata through its accessor function, not by demangling the type's name
// at its first use: in a command of a few milliseconds, the first use of each of some twenty types (arrays of
// options, of migrations, of fields) by name cost about 11,000 instructions, a tenth of `show` and more of a
// query.
for target in package.targets where [.regular, .executable].contains(target.type) {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], staticRelease)
        ]
}
