/// What a command declares about itself; parsing, usage errors and help are all derived from it.
package struct CommandSpec: Sendable {
    package let name: String
    package let abstract: String
    package var discussion: String = ""
    package var arguments: [ArgumentSpec] = []
    package var options: [OptionSpec] = []

    /// The usage line: `rosterdb import [<options>] <file> ...`.
    package var usage: String {
        (["rosterdb", name, "[<options>]"] + arguments.map(\.synopsis)).joined(separator: " ")
    }
}
