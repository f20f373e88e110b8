/// An option a command accepts: a flag (`--quiet`) or an option with a value (`--db <path>`).
struct OptionSpec: Sendable {
    enum Kind: Sendable {
        case flag
        case value(name: String)
    }

    /// The long name without dashes (`db`).
    let name: String
    let shortName: Character?
    let kind: Kind
    let help: String

    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, shortName: short, kind: .flag, help: help)
    }

    static func value(_ name: String, _ valueName: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, shortName: short, kind: .value(name: valueName), help: help)
    }

    var takesValue: Bool {
        if case .value = kind { return true }
        return false
    }

    /// `--db <path>` or `--quiet`, as usage errors and help quote it.
    var synopsis: String {
        switch kind {
        case .flag: "--\(name)"
        case .value(let valueName): "--\(name) <\(valueName)>"
        }
    }

    /// `-h, --help` or `--db <path>`, as the help's option column shows it.
    var helpLabel: String {
        shortName.map { "-\($0), \(synopsis)" } ?? synopsis
    }
}

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
