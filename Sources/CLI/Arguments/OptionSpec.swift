/// How an option is written and explained: a flag (`--quiet`) or an option with a value (`--db <path>`). Commands do
/// not declare these directly but through typed `Option` and `Flag` values, which carry one each.
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
    /// May be given several times (each value counts); any other option given twice is a usage error.
    var isRepeatable = false
    /// One value may list several, separated by commas.
    var splitsAtCommas = false

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
