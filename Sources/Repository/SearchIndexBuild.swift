import CSQLite
import RosterConcurrency
import RosterModel

/// The name search index of a bulk load, built on a second core while the roster's connection builds the B-tree
/// indexes. The load hands it the id and folded name of each player it inserts, which it keeps in a private
/// temporary database of its own (in SQLite's temporary folder, deleted when closed); `start()` fills a search index
/// of the roster's own definition there, on a thread of its own; `copy(into:)` then writes that index's tables into
/// the roster's, a few thousand blocks. Filled on the roster's connection after the B-tree indexes, the search index
/// of a million players took about 1.3 s of a 10 s import, while the second core was mostly idle.
final class SearchIndexBuild {
    /// The roster's search index, whose definition and tables this one copies.
    static let table = "players_search"

    private let connection: Connection
    /// Ids and names handed in and not yet stored: each an 8-byte id, a 4-byte length and the name's UTF-8 bytes.
    private var pending: [UInt8] = []
    /// The last id handed in: names must come in ascending ids, as FTS5 writes out what it holds each time the
    /// rowid goes back (then filling the index from the table, in id order, is faster).
    private var lastID = Int64.min
    private var thread: JoinableThread?
    /// Set by the thread when it fails; read after it is joined.
    private var failure: (any Error)?
    /// Raised to stop the thread's statements early.
    private let cancelled = Locked(false)

    /// Pending bytes stored as one row: few rows, and memory that stays small.
    private static let chunkSize = 1 << 20
    /// The thread only steps SQLite, whose deepest recursion (a search index's segment merge) is shallow.
    private static let stackSize = 1 << 20
    /// What FTS5 holds in memory before it writes a segment (its default is 1 MiB): fewer segments to merge.
    private static let pendingTermBytes = 8 << 20

    /// Prepares an empty search index defined by `definition` (the roster's `CREATE VIRTUAL TABLE`), stopped when
    /// `stop` is raised.
    init(definition: String, stop: StopSignal) throws {
        connection = try Connection(path: "", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX)
        let cancelled = cancelled
        connection.stop(when: StopSignal { stop.isRaised || cancelled.withLock { $0 } })
        try connection.execute(
            """
            PRAGMA synchronous = OFF;
            CREATE TABLE names (chunk BLOB NOT NULL);
            \(definition);
            INSERT INTO \(SearchIndexBuild.table) (\(SearchIndexBuild.table), rank)
                VALUES ('hashsize', \(SearchIndexBuild.pendingTermBytes));
            """)
        // Room for a chunk and the longest name past it, allocated once.
        pending.reserveCapacity(SearchIndexBuild.chunkSize + 4096)
    }

    deinit {
        cancel()
    }

    /// Keeps the name of the player with `id`; false when it cannot (ids out of order, no room for them), and this
    /// build is to be given up.
    func add(id: Int64, name: String) -> Bool {
        guard id > lastID else { return false }
        lastID = id
        withUnsafeBytes(of: id.littleEndian) { pending.append(contentsOf: $0) }
        var name = name
        name.withUTF8 { bytes in
            withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { pending.append(contentsOf: $0) }
            pending.append(contentsOf: bytes)
        }
        return pending.count < SearchIndexBuild.chunkSize || (try? storePending()) != nil
    }

    /// Starts filling the index on a thread of its own; false when that cannot be done.
    func start() -> Bool {
        guard (try? storePending()) != nil else { return false }
        thread = JoinableThread.start(stackSize: SearchIndexBuild.stackSize) { [self] in
            do {
                try fill()
            } catch {
                failure = error
            }
        }
        return thread != nil
    }

    /// Waits for the index to be filled; false when it failed or was stopped.
    func finished() -> Bool {
        guard let thread else { return false }
        thread.join()
        self.thread = nil
        return failure == nil
    }

    /// Stops the filling, if it runs, and waits for it.
    func cancel() {
        cancelled.withLock { $0 = true }
        _ = finished()
    }

    /// Replaces the rows of the search index tables of `target` by those of this index, in `target`'s transaction:
    /// every table of the index but its configuration, which the roster keeps.
    func copy(into target: Connection) throws {
        let tables = try connection.prepare(
            """
            SELECT name FROM sqlite_master
            WHERE type = 'table' AND name LIKE '\(SearchIndexBuild.table)\\_%' ESCAPE '\\'
                AND name <> '\(SearchIndexBuild.table)_config'
            """)
        var names: [String] = []
        while try tables.step() { names.append(tables.text(at: 0)) }
        try target.withShadowTablesWritable {
            for name in names {
                let table = SQL.identifier(name)
                let rows = try connection.prepare("SELECT * FROM \(table)")
                let columns = rows.columnCount
                try target.execute("DELETE FROM \(table)")
                let insert = try target.prepare(
                    "INSERT INTO \(table) VALUES (\((1...columns).map { _ in "?" }.joined(separator: ", ")))")
                while try rows.step() {
                    for column in 0..<columns {
                        try insert.bind(valueAt: column, of: rows, at: column + 1)
                    }
                    try insert.run()
                    insert.reset()
                }
            }
        }
    }

    /// Stores the pending names as one row.
    private func storePending() throws {
        guard !pending.isEmpty else { return }
        let insert = try connection.cached("INSERT INTO names (chunk) VALUES (?)")
        try insert.bind(blob: pending, at: 1)
        try insert.run()
        pending.removeAll(keepingCapacity: true)
    }

    /// Fills the index from the stored names, in one transaction.
    private func fill() throws {
        try connection.execute("BEGIN")
        let chunks = try connection.prepare("SELECT chunk FROM names ORDER BY rowid")
        let insert = try connection.prepare(
            "INSERT INTO \(SearchIndexBuild.table) (rowid, sort_name) VALUES (?, ?)")
        while try chunks.step() {
            try chunks.withBlob(at: 0) { bytes in
                var offset = 0
                while offset < bytes.count {
                    let id = Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int64.self))
                    let count = Int(
                        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)))
                    let name = UnsafeRawBufferPointer(rebasing: bytes[offset + 12..<offset + 12 + count])
                    try insert.bind(id, at: 1)
                    try insert.bind(text: name.assumingMemoryBound(to: UInt8.self), at: 2)
                    offset += 12 + count
                    try insert.run()
                    insert.reset()
                }
            }
        }
        try connection.execute("COMMIT")
    }
}
