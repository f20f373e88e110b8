/// A player an import added, updated or removed, for `import --changes`.
package struct PlayerChange: Sendable {
    package let change: ChangeKind
    package let id: Int64
    package let ref: String?
    package let name: String
    /// A JSON object of each field whose value changed, as `[before, after]`: `{"goals":[20,21]}`.
    package let fields: String

    package init(change: ChangeKind, id: Int64, ref: String?, name: String, fields: String) {
        self.change = change
        self.id = id
        self.ref = ref
        self.name = name
        self.fields = fields
    }
}
