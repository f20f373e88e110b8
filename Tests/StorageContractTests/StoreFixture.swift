import RosterModel
import TestSupport

/// A new, empty store of one engine in a temporary folder, with players to put in it.
struct StoreFixture {
    let engine: StorageEngine
    let folder: TemporaryDirectory
    let store: any RosterStore

    init(_ engine: StorageEngine) throws {
        self.engine = engine
        folder = try TemporaryDirectory()
        store = try engine.open(folder.path("roster"))
    }

    /// Another store on the same place, as another process opens it.
    func openAgain() throws -> any RosterStore {
        try engine.open(folder.path("roster"))
    }

    /// Ten players over three positions, two nationalities and two clubs, two of them namesakes born apart.
    static let players: [Player] = [
        Player(
            name: "Ada Keeper", position: .goalkeeper, nationality: "England", club: "Arsenal", birthDate: date(1990)),
        Player(
            name: "Ben Back", position: .centreBack, goals: 2, assists: 1, nationality: "Spain", birthDate: date(1995)),
        Player(name: "Cal Back", position: .centreBack, goals: 1, nationality: "England", club: "Chelsea"),
        Player(
            name: "Dan Striker", position: .striker, goals: 30, assists: 5, nationality: "Spain", club: "Arsenal",
            birthDate: date(2000)),
        Player(
            name: "Éva Striker", position: .striker, goals: 25, assists: 9, nationality: "England",
            birthDate: date(1998)),
        Player(name: "Fay Striker", position: .striker, goals: 12, assists: 12, club: "Chelsea", birthDate: date(2002)),
        Player(name: "Gus Back", position: .centreBack, nationality: "Spain", club: "Arsenal", birthDate: date(1988)),
        Player(name: "Hal Striker", position: .striker, goals: 7, birthDate: date(1999)),
        Player(name: "Ivo Keeper", position: .goalkeeper, nationality: "England", birthDate: date(1993)),
        Player(name: "Ivo Keeper", position: .goalkeeper, club: "Chelsea", birthDate: date(1997)),
    ]

    static func date(_ year: Int) -> CalendarDate { CalendarDate(year: year, month: 6, day: 1)! }

    /// The day ages are counted on.
    static let asOf = CalendarDate(year: 2025, month: 1, day: 1)!

    /// Adds `players` in one write; returns their ids, in order.
    @discardableResult
    func add(_ players: [Player] = StoreFixture.players) throws -> [Int64] {
        try store.write(madeBy: "test") { writer in try players.map { try writer.insert($0) } }
    }

    /// The names of the players that match `criteria` in `order`, every page of `perPage` read after the last
    /// row of the one before (keyset paging).
    func names(
        _ order: [SortOrder], matching criteria: PlayerCriteria = PlayerCriteria(asOf: asOf), perPage: Int
    ) throws -> [String] {
        var names: [String] = []
        var after: PagePosition?
        repeat {
            var page: [Player] = []
            try store.read { players in
                try players.forEachPlayer(
                    matching: criteria, orderedBy: order, after: after, limit: perPage, offset: 0, total: nil
                ) { page.append($0) }
            }
            names += page.map(\.name)
            after = page.count == perPage ? PagePosition(after: page[page.count - 1], in: order) : nil
        } while after != nil
        return names
    }
}
