import RosterModel
import RosterRepository
import TestSupport
import Testing

/// One implementation of `RosterStore` the contract runs against: how to open a store, new or again, at a place of
/// its own.
struct StorageEngine: CustomStringConvertible, Sendable {
    let description: String
    /// Opens the store kept at `place` (a path in a temporary folder), created empty when missing. Each call opens
    /// a store of its own on that place, as another process would: a reader and a writer of the same roster.
    let open: @Sendable (_ place: String) throws -> any RosterStore

    /// Every implementation, the one list the contract tests take their engines from.
    static let all: [StorageEngine] = [
        StorageEngine(description: "SQLite") { try RosterDatabase(path: $0, mode: .createIfMissing) }
    ]
}

/// The contract's tests take their cases from `StorageEngine.all`: with none listed, each would run no case and pass.
@Test func theContractRunsAgainstAtLeastOneEngine() throws {
    #expect(!StorageEngine.all.isEmpty)
    #expect(Set(StorageEngine.all.map(\.description)).count == StorageEngine.all.count, "an engine is listed twice")
}
