// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "rosterdb",
    products: [
        .executable(name: "rosterdb", targets: ["rosterdb"]),
    ],
    targets: [
        // SQLite from the system (Debian: libsqlite3-dev).
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),

        // What the C library declares beyond Swift's Glibc module (mallopt).
        .systemLibrary(name: "CSystem", path: "Sources/CSystem"),

        // Layers, from the bottom up: model → repository → service → CLI.
        .target(name: "RosterModel", path: "Sources/Model"),
        .target(
            name: "RosterRepository",
            dependencies: ["RosterModel", "CSQLite"],
            path: "Sources/Repository",
            plugins: ["EmbedSQL"]
        ),
        .target(
            name: "RosterService",
            dependencies: ["RosterModel", "RosterRepository"],
            path: "Sources/Service",
            plugins: ["EmbedSQL"]
        ),
        .target(name: "RosterCLI", dependencies: ["RosterService", "RosterModel", "CSystem"], path: "Sources/CLI"),
        .executableTarget(
            name: "rosterdb",
            dependencies: ["RosterCLI"],
            path: "Sources/rosterdb",
            // A fully static binary starts in a third of the time of one linked against the shared Swift runtime,
            // and start-up dominates a query of a few milliseconds. The linker warns that SQLite's extension loader
            // and the Swift runtime could call dlopen; rosterdb uses neither path. Debug builds stay dynamic: the
            // address and thread sanitizers' runtimes cannot be linked into a static executable (undefined
            // `_DYNAMIC`), and `swift test --sanitize=...` runs the debug binary.
            linkerSettings: [.unsafeFlags(["-static-executable"], .when(configuration: .release))]
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
        .testTarget(name: "RosterRepositoryTests", dependencies: ["RosterRepository", "RosterModel", "TestSupport"]),
        .testTarget(
            name: "RosterServiceTests", dependencies: ["RosterService", "RosterRepository", "RosterModel", "TestSupport"]),
        .testTarget(name: "RosterCLITests", dependencies: ["RosterCLI", "RosterService", "RosterModel", "TestSupport"]),
        // Runs the built `rosterdb` (which `swift test` builds with every target) as a separate process.
        .testTarget(name: "EndToEndTests", dependencies: ["RosterRepository", "TestSupport"]),
    ]
)
