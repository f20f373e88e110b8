/// One step of the schema: a file `Migrations/NNNN_description.sql`, embedded at build time.
package struct Migration: Sendable, Equatable {
    /// The number the file name starts with; migrations run in this order.
    package let version: Int
    /// The file name without number and extension (`create_players`).
    package let name: String
    /// SHA-256 of the file's bytes, in hex.
    package let checksum: String
    package let sql: String

    /// Whether the migration makes the roster's history (0014): a roster that had players before it has their
    /// history from then on.
    package var beginsHistory: Bool { name == "history" }

    package init(version: Int, name: String, checksum: String, sql: String) {
        self.version = version
        self.name = name
        self.checksum = checksum
        self.sql = sql
    }

    /// How the migrator applies a migration.
    enum Plan: Equatable {
        /// Runs the file as it is.
        case script(String)
        /// Rebuilds `table`, SQLite's way of changing its CHECK constraints: `create` makes `<table>_new` (and any
        /// trigger that must see the copied rows), the migrator copies every row into it and puts it in the place of
        /// the old table, then runs `after` (indexes, triggers). A file says so with the lines
        /// `-- rosterdb: rebuild TABLE` and, between the two parts, `-- rosterdb: copy rows`.
        case rebuild(table: String, create: String, after: String)
    }

    /// This migration's plan, read from its file.
    var plan: Plan {
        let lines = sql.split(separator: "\n", omittingEmptySubsequences: false)
        let rebuildMark = "-- rosterdb: rebuild "
        guard let first = lines.first, first.hasPrefix(rebuildMark),
            let copy = lines.firstIndex(where: { $0 == "-- rosterdb: copy rows" })
        else { return .script(sql) }
        let table = String(first.dropFirst(rebuildMark.count).filter { $0 != " " })
        return .rebuild(
            table: table, create: lines[..<copy].joined(separator: "\n"),
            after: lines[(copy + 1)...].joined(separator: "\n"))
    }

    /// `0001_create_players`, as people and error messages name it.
    package var identifier: String {
        let digits = String(version)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "_" + name
    }

    /// The migrations built into this binary from `Migrations/`, in order.
    package static let embedded: [Migration] = EmbeddedMigrations.files.map { file in
        // Read from the name's bytes: every command runs this at start.
        let name = Array(file.name.utf8)
        guard let underscore = name.firstIndex(of: UInt8(ascii: "_")), name.count > underscore + 5,
            name[(name.count - 4)...].elementsEqual(".sql".utf8),
            let version = Int(String(decoding: name[..<underscore], as: UTF8.self))
        else { preconditionFailure("migration file \(file.name) is not named NNNN_description.sql") }
        return Migration(
            version: version, name: String(decoding: name[(underscore + 1)..<(name.count - 4)], as: UTF8.self),
            checksum: file.sha256, sql: file.text)
    }
}
