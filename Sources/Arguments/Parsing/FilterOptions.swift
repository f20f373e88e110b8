import RosterModel
import RosterQuery

/// The command-line spelling of the list parameters (`QueryParameter`): `--position`, `--min-goals`, `--as-of`, ….
/// `query`, `stats` and `export` take the filters, and read them through `read(_:from:into:)` into the same
/// `PlayerQuery` that the HTTP API's query string gives.
public enum FilterOptions {
    /// The option for `parameter`.
    public static func spec(_ parameter: QueryParameter) -> OptionSpec {
        OptionSpec(
            name: optionName(parameter), shortName: nil,
            kind: .value(name: parameter.valueName), help: parameter.help, isRepeatable: parameter.isRepeatable,
            splitsAtCommas: parameter.splitsAtCommas)
    }

    /// `min-goals` for `min_goals`.
    static func optionName(_ parameter: QueryParameter) -> String {
        QueryParameter.Spelling.optionName(parameter.rawValue)
    }

    /// The options of every filter.
    public static let filters = QueryParameter.filters.map(spec)

    /// Reads the values given for `parameters` into `query`, then refuses ranges nothing could match.
    public static func read(
        _ parameters: [QueryParameter], from arguments: ParsedArguments, into query: inout PlayerQuery
    )
        throws
    {
        do throws(ParameterError) {
            for parameter in parameters {
                try parameter.apply(arguments.texts(named: optionName(parameter)), to: &query)
            }
            try QueryParameter.checkRanges(of: query)
        } catch {
            throw UsageError.parameter(error)
        }
    }
}
