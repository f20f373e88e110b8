/// One look at a store from outside, taken as a request begins: which store the roster's name leads to now, and the
/// state of its files.
package struct StoreLook: Sendable {
    /// The store the name leads to now; nil when it leads to none.
    package let identity: StoreIdentity?
    /// The state of the store's files; nil when the name leads to another store than the one opened, or to none, or
    /// the store never changes (a private copy) or keeps no files.
    package let stamp: StorageStamp?

    package init(identity: StoreIdentity?, stamp: StorageStamp?) {
        self.identity = identity
        self.stamp = stamp
    }
}
