import RosterModel

/// How an option is written and explained: a flag (`--quiet`) or an option with a value (`--db <path>`). Commands do
/// not declare these directly but through typed `Option` and `Flag` values, which carry one each.
package struct OptionSpec: Sendable {
    package enum Kind: Sendable {
        case flag
        case value(name: String)
    }

    /// The long name without dashes (`db`).
    package let name: String
    package let shortName: Character?
    package let kind: Kind
    /// May be given several times (each value counts); any other option given twice is a usage error.
    package var isRepeatable = false
    /// One value may list several, separated by commas.
    package var splitsAtCommas = false
    /// Its value names a profile: a file of more options for the command (`import --profile`), which the parser
    /// reads before the command line's (`ProfileFile`).
    package var isProfile = false
    /// The values it takes when they are a fixed few (a `--format`'s, `--sort`'s keys), for completions and the
    /// manual; empty for any other.
    package var choices: [String] = []
    /// The field whose values, as the roster's players have them, it takes (`--club`): completions ask the roster.
    package var rosterValues: PlayerField?
    /// Written only when shown: most runs show no help, and some help lists values built at run time.
    private let explanation: @Sendable () -> String

    package var help: String { explanation() }

    package init(
        name: String, shortName: Character?, kind: Kind, help: @autoclosure @escaping @Sendable () -> String,
        isRepeatable: Bool = false, splitsAtCommas: Bool = false
    ) {
        self.name = name
        self.shortName = shortName
        self.kind = kind
        self.isRepeatable = isRepeatable
        self.splitsAtCommas = splitsAtCommas
        explanation = help
    }

    package var takesValue: Bool {
        if case .value = kind { return true }
        return false
    }

    /// `--db <path>` or `--quiet`, as usage errors and help quote it.
    package var synopsis: String {
        switch kind {
        case .flag: "--\(name)"
        case .value(let valueName): "--\(name) <\(valueName)>"
        }
    }

    /// `-h, --help` or `--db <path>`, as the help's option column shows it.
    package var helpLabel: String {
        shortName.map { "-\($0), \(synopsis)" } ?? synopsis
    }

    /// The first long (`--format`) or short (`-q`) spelling that two of `specs` share, if any.
    static func repeatedSpelling(in specs: [OptionSpec]) -> String? {
        for (index, spec) in specs.enumerated() {
            for other in specs[..<index] {
                if other.name == spec.name { return "--\(spec.name)" }
                if let short = spec.shortName, other.shortName == short { return "-\(short)" }
            }
        }
        return nil
    }
}
