/// A positional argument (`<file> ...`).
package struct ArgumentSpec: Sendable {
    package let name: String
    package let help: String
    package var isOptional = false
    package var isRepeating = false

    package var synopsis: String {
        let core = "<\(name)>" + (isRepeating ? " ..." : "")
        return isOptional ? "[\(core)]" : core
    }
}
