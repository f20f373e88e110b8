/// The one way long work learns that it must stop: a signal (Ctrl-C, SIGTERM) raises it, and the import's loops,
/// SQLite's progress handler, waits for another writer's lock and reads that wait for input all ask it, then roll
/// back what they did. Given once, to the roster that does the work.
package struct StopSignal: Sendable {
    private let check: @Sendable () -> Bool

    /// A signal raised once `check` returns true.
    package init(_ check: @escaping @Sendable () -> Bool) {
        self.check = check
    }

    /// Never raised: for work nothing stops, and for tests.
    package static let never = StopSignal { false }

    package var isRaised: Bool { check() }
}
