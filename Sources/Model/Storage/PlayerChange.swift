/// A player an import added, updated or removed, for `import --changes`.
package struct PlayerChange: Sendable {
    /// `added`, `updated` or `removed`.
    package let change: String
    package let id: Int64
    package let ref: String?
    package let name: String
    /// A JSON object of each field whose value changed, as `[before, after]`: `{"goals":[20,21]}`.
    package let fields: String

    package init(change: String, id: Int64, ref: String?, name: String, fields: String) {
        self.change = change
        self.id = id
        self.ref = ref
        self.name = name
        self.fields = fields
    }
}
