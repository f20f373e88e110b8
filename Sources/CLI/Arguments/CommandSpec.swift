/// What a command declares about itself; parsing, usage errors and help are all derived from it.
struct CommandSpec: Sendable {
    let name: String
    let abstract: String
    var discussion: String = ""
    var arguments: [ArgumentSpec] = []
    var options: [OptionSpec] = []

    /// The usage line: `rosterdb import [<options>] <file> ...`.
    var usage: String {
        (["rosterdb", name, "[<options>]"] + arguments.map(\.synopsis)).joined(separator: " ")
    }
}
