/// What a command declares about itself; parsing, usage errors and help are all derived from it.
package struct CommandSpec: Sendable {
    package let name: String
    package let abstract: String
    package var discussion: String = ""
    package var arguments: [ArgumentSpec] = []
    package var options: [OptionSpec] = []
    /// Left out of the help, the completions and the manual: a command other programs run, not people.
    package var isHidden = false

    /// The usage line: `rosterdb import [<options>] <file> ...`.
    package var usage: String {
        (["rosterdb", name, "[<options>]"] + arguments.map(\.synopsis)).joined(separator: " ")
    }
}
