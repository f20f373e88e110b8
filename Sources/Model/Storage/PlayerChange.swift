/// A player an import added, updated or removed, for `import --changes`.
public struct PlayerChange: Sendable {
    /// `added`, `updated` or `removed`.
    public let change: String
    public let id: Int64
    public let ref: String?
    public let name: String
    /// A JSON object of each field whose value changed, as `[before, after]`: `{"goals":[20,21]}`.
    public let fields: String

    public init(change: String, id: Int64, ref: String?, name: String, fields: String) {
        self.change = change
        self.id = id
        self.ref = ref
        self.name = name
        self.fields = fields
    }
}
