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
        // libmicrohttpd from the system (Debian: libmicrohttpd-dev), behind the adapter of RosterHTTP.
        .systemLibrary(
            name: "CMicroHTTPD",
            path: "Sources/CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
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

        // What the C library declares beyond Swift's Glibc module (mallopt).
        .systemLibrary(name: "CSystem", path: "Sources/CSystem"),

        // Layers, from the bottom up: model → formats → repository → service → front ends (CLI, HTTP).
        .target(name: "RosterModel", path: "Sources/Model"),
        // State that threads share (a server's caches and flags), under a lock the thread sanitizer follows.
        .target(name: "RosterConcurrency", path: "Sources/Concurrency"),
        // Records as files hold them: the field rules, the streaming readers, the validator and the writers.
        .target(name: "RosterFormats", dependencies: ["RosterModel"], path: "Sources/Formats"),
        .target(
            name: "RosterRepository",
            dependencies: ["RosterModel", "RosterFormats", "CSQLite"],
            path: "Sources/Repository",
            plugins: ["EmbedSQL"]
        ),
        .target(
            name: "RosterService",
            dependencies: ["RosterModel", "RosterFormats", "RosterRepository", "RosterConcurrency"],
            path: "Sources/Service",
            plugins: ["EmbedSQL"]
        ),
        .target(
            name: "RosterCLI",
            dependencies: ["RosterService", "RosterFormats", "RosterModel", "RosterServe", "RosterHTTP", "CSystem"],
            path: "Sources/CLI"),
        // The HTTP front end's foundation: request and response values, and the adapter over libmicrohttpd.
        .target(
            name: "RosterHTTP", dependencies: ["CMicroHTTPD", "RosterModel", "RosterConcurrency"], path: "Sources/HTTP"),
        // The roster over HTTP: the JSON API's and the web pages' handlers, plain functions of a request.
        .target(
            name: "RosterServe",
            dependencies: ["RosterHTTP", "RosterService", "RosterFormats", "RosterModel"],
            path: "Sources/Serve"),
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
        .testTarget(name: "RosterRepositoryTests", dependencies: ["RosterRepository", "RosterModel", "TestSupport"]),
        .testTarget(
            name: "RosterServiceTests",
            dependencies: ["RosterService", "RosterFormats", "RosterRepository", "RosterModel", "TestSupport"]),
        .testTarget(
            name: "RosterCLITests",
            dependencies: ["RosterCLI", "RosterService", "RosterFormats", "RosterModel", "TestSupport"]),
        .testTarget(
            name: "RosterHTTPTests", dependencies: ["RosterHTTP", "RosterModel", "RosterConcurrency", "CMicroHTTPD"]),
        .testTarget(
            name: "RosterServeTests",
            dependencies: [
                "RosterServe", "RosterHTTP", "RosterService", "RosterRepository", "RosterModel", "TestSupport",
            ]),
        // Runs the built `rosterdb` (which `swift test` builds with every target) as a separate process.
        .testTarget(name: "EndToEndTests", dependencies: ["RosterRepository", "TestSupport"]),
    ]
)
