/// Which store a roster is read from, whatever names it: a path that names another store than before was replaced
/// (a file renamed over it, or removed and created again), and another store counts its own changes, which may have
/// reached the same count.
package struct StoreIdentity: Hashable, Sendable, CustomStringConvertible {
    /// What tells this store from every other one (for a file: its device, inode and birth time).
    private let key: [Int64]
    /// The part of `key` an ETag shows (for a file: `inode.birth`).
    package let description: String

    package init(key: [Int64], description: String) {
        self.key = key
        self.description = description
    }
}
