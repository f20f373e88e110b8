import RosterModel

/// The versions of the roster a write was asked against (HTTP `If-Match`), of which the roster must still be at
/// one when the write takes the lock; each as `RosterVersion.description` spells it. Only the store and its change
/// counter are compared: the digest of the files that follows them moves with each checkpoint too, which changes
/// no player.
package struct ExpectedVersion: Sendable, Equatable {
    package let versions: [String]

    package init(versions: [String]) {
        self.versions = versions
    }

    /// Throws `RosterChanged` unless the roster `players` reads, in store `identity`, is at one of the versions.
    func check(_ players: some PlayerReading, store identity: StoreIdentity?) throws {
        let current = RosterVersion(store: identity, counter: try players.changeCounter()).description
        guard versions.contains(where: { $0 == current || $0.hasPrefix(current + ".") }) else {
            throw RosterChanged()
        }
    }
}

/// A write refused because the roster changed since the version it was asked against (`ExpectedVersion`).
package struct RosterChanged: CategorizedError {
    package var category: ErrorCategory { .changedSince }
    package var description: String {
        "the roster has changed since the version the request names; nothing was written: read it again and retry"
    }
}
