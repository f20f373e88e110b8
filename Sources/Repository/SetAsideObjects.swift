/// Schema objects of rosterdb's, named exactly, dropped for the length of a load inside its write transaction and
/// made again from their own SQL when it is done: what checks or indexes each row costs the load more than making
/// it once, or is vouched for by the validator. A user's own triggers and indexes are never among them; a load that
/// fails is rolled back with the drops.
struct SetAsideObjects {
    private let connection: Connection
    /// The objects dropped and not yet made again, with the SQL that makes them, in the order named.
    private var dropped: [(type: String, name: String, sql: String)] = []

    /// Drops those of `names` that the roster has.
    init(_ names: [String], on connection: Connection) throws {
        self.connection = connection
        let objects = try connection.prepare(
            "SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'players' AND name = ? AND sql IS NOT NULL")
        for name in names {
            objects.reset()
            try objects.bind(name, at: 1)
            if let object = try objects.firstRow({ (type: $0.text(at: 0), name: $0.text(at: 1), sql: $0.text(at: 2)) })
            {
                dropped.append(object)
            }
        }
        for object in dropped {
            try connection.execute(
                "DROP \(object.type == "index" ? "INDEX" : "TRIGGER") \(SQL.identifier(object.name))")
        }
    }

    /// Whether `name` was dropped and is not made again yet.
    func holds(_ name: String) -> Bool {
        dropped.contains { $0.name == name }
    }

    /// The number of objects still to make again.
    var count: Int { dropped.count }

    /// Makes `name` again, if it was dropped and is not made yet.
    mutating func restore(_ name: String) throws {
        guard let index = dropped.firstIndex(where: { $0.name == name }) else { return }
        try connection.execute(dropped[index].sql)
        dropped.remove(at: index)
    }

    /// Makes every object again, in the order named; tells `each` before each one (how many are made so far).
    mutating func restoreAll(each: (_ made: Int) -> Void = { _ in }) throws {
        var made = 0
        while let first = dropped.first {
            each(made)
            try restore(first.name)
            made += 1
        }
    }
}
