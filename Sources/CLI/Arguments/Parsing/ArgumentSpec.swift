/// A positional argument (`<file> ...`).
package struct ArgumentSpec: Sendable {
    package let name: String
    package let help: String
    package var isOptional = false
    package var isRepeating = false
    /// The values it takes when they are a fixed few, for completions; empty for any other.
    package var choices: [String] = []
    /// Whether a value that is empty, or only white space, is a usage error: it names nothing (a player), and a
    /// script's empty variable should not read as a player not found.
    package var refusesBlank = false

    package var synopsis: String {
        let core = "<\(name)>" + (isRepeating ? " ..." : "")
        return isOptional ? "[\(core)]" : core
    }
}
