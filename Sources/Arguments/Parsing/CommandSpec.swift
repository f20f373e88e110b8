/// What a command declares about itself; parsing, usage errors and help are all derived from it.
public struct CommandSpec: Sendable {
    public let name: String
    public let abstract: String
    public var discussion: String = ""
    public var arguments: [ArgumentSpec] = []
    public var options: [OptionSpec] = []

    /// The usage line: `rosterdb import [<options>] <file> ...`.
    public var usage: String {
        (["rosterdb", name, "[<options>]"] + arguments.map(\.synopsis)).joined(separator: " ")
    }
}
