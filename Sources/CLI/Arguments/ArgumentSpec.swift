/// A positional argument (`<file> ...`).
struct ArgumentSpec: Sendable {
    let name: String
    let help: String
    var isOptional = false
    var isRepeating = false

    var synopsis: String {
        let core = "<\(name)>" + (isRepeating ? " ..." : "")
        return isOptional ? "[\(core)]" : core
    }
}
