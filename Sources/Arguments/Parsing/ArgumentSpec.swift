/// A positional argument (`<file> ...`).
public struct ArgumentSpec: Sendable {
    public let name: String
    public let help: String
    public var isOptional = false
    public var isRepeating = false

    public var synopsis: String {
        let core = "<\(name)>" + (isRepeating ? " ..." : "")
        return isOptional ? "[\(core)]" : core
    }
}
