/// How an option is written and explained: a flag (`--quiet`) or an option with a value (`--db <path>`). Commands do
/// not declare these directly but through typed `Option` and `Flag` values, which carry one each.
public struct OptionSpec: Sendable {
    public enum Kind: Sendable {
        case flag
        case value(name: String)
    }

    /// The long name without dashes (`db`).
    public let name: String
    public let shortName: Character?
    public let kind: Kind
    public let help: String
    /// May be given several times (each value counts); any other option given twice is a usage error.
    public var isRepeatable = false
    /// One value may list several, separated by commas.
    public var splitsAtCommas = false

    public var takesValue: Bool {
        if case .value = kind { return true }
        return false
    }

    /// `--db <path>` or `--quiet`, as usage errors and help quote it.
    public var synopsis: String {
        switch kind {
        case .flag: "--\(name)"
        case .value(let valueName): "--\(name) <\(valueName)>"
        }
    }

    /// `-h, --help` or `--db <path>`, as the help's option column shows it.
    public var helpLabel: String {
        shortName.map { "-\($0), \(synopsis)" } ?? synopsis
    }
}
