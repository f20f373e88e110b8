import RosterModel
import RosterService

/// A mistake in the command line. Each case carries what the user typed; `message` writes the text.
package enum UsageError: Error, Equatable {
    case missingCommand
    case unknownCommand(String, suggestion: String?)
    case unknownOption(String, suggestion: String?)
    case missingValue(option: String)
    case unexpectedValue(option: String, value: String)
    case invalidValue(value: String, option: String, reason: String)
    /// A list parameter (`--min-goals`) the shared query vocabulary refused.
    case parameter(ParameterError)
    case repeatedOption(String)
    /// `--map` or `--value-map` (or a map file) gives one field twice.
    case repeatedMapping(String)
    /// Standard input (`-`) named more than once: it can be read only once.
    case standardInputTwice
    case missingArgument(String)
    /// An option the command needs that was not given (`changes` without `--since`).
    case missingOption(String)
    case unexpectedArgument(String)
    case conflictingOptions(String, String)
    case optionRequires(String, String)
    case emptyRange(low: String, high: String)
    /// `edit` without any field to change; the options that change one.
    case nothingToChange([String])
    /// Arguments (`argument 2`) or variables (`$ROSTERDB_DB`) whose bytes are not UTF-8.
    case notUTF8([String])
    /// A mistake on a line of a profile (`fpl.profile:3`).
    indirect case inProfile(String, UsageError)
    /// A line of a profile that is no option of the command, with why.
    case profileLine(String, String)

    package var message: String {
        switch self {
        case .missingCommand:
            "Missing command. Choose one of: \(CommandLineSpec.commandNames.joined(separator: ", "))."
        case .unknownCommand(let name, let suggestion):
            "Unknown command '\(name)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
        case .unknownOption(let name, let suggestion):
            "Unknown option '\(name)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
        case .missingValue(let option):
            "Missing value for '\(option)'."
        case .unexpectedValue(let option, let value):
            "The option '\(option)' takes no value, but was given '\(value)'."
        case .invalidValue(let value, let option, let reason):
            "The value '\(value)' is invalid for '\(option)': \(reason)"
        case .parameter(let error):
            error.message(.option)
        case .repeatedMapping(let field):
            "The field '\(field)' is mapped more than once; map each field once."
        case .standardInputTwice:
            "'-' (standard input) is given more than once; it can be read only once."
        case .repeatedOption(let option):
            ParameterError.givenTwice(option)
        case .missingArgument(let argument):
            "Missing expected argument '\(argument)'."
        case .missingOption(let option):
            "Missing option '\(option)'."
        case .unexpectedArgument(let argument):
            "Unexpected argument '\(argument)'."
        case .conflictingOptions(let first, let second):
            "'\(first)' cannot be combined with '\(second)'."
        case .optionRequires(let option, let required):
            "'\(option)' only works together with '\(required)'."
        case .nothingToChange(let options):
            "Give at least one field to change: \(options.joined(separator: ", "))."
        case .emptyRange(let low, let high):
            "'\(low)' is greater than '\(high)', so nothing could match."
        case .notUTF8(let names):
            "\(names.joined(separator: ", ")) \(names.count == 1 ? "is" : "are") not valid UTF-8; rosterdb takes "
                + "text and file names in UTF-8 only."
        case .inProfile(let place, let error): "\(place): \(error.message)"
        case .profileLine(let place, let reason): "\(place): \(reason)"
        }
    }
}

extension UsageError: CategorizedError {
    /// A usage error found once the command runs (a map file's line) is reported as any other error is.
    package var category: ErrorCategory { .usage }
    package var description: String { message }
}
