import RosterModel
import RosterService

/// The command-line spelling of the list parameters (`QueryParameter`): `--position`, `--min-goals`, `--as-of`, ….
/// `query`, `stats`, `export` and `show` take some of them, and read them into the same `PlayerQuery` that the
/// HTTP API's query string gives.
package struct FilterOptions: OptionDeclaration {
    /// The parameters, in the order the help lists them.
    package let parameters: [QueryParameter]

    package let specs: [OptionSpec]

    package init(_ parameters: [QueryParameter]) {
        self.parameters = parameters
        specs = parameters.map(FilterOptions.spec)
    }

    /// Every filter.
    package static let filters = FilterOptions(QueryParameter.filters)

    /// The query the options make, and which of them were given.
    package struct Reading {
        package let query: PlayerQuery
        package let given: [QueryParameter]
    }

    /// Reads the values given into a query of today, then refuses ranges nothing could match.
    package func read(from arguments: ParsedArguments) throws -> Reading {
        var query = PlayerQuery(asOf: .today())
        var given: [QueryParameter] = []
        do throws(ParameterError) {
            for parameter in parameters {
                let texts = arguments.texts(named: FilterOptions.optionName(parameter))
                if !texts.isEmpty { given.append(parameter) }
                try parameter.apply(texts, to: &query)
            }
            try QueryParameter.checkRanges(of: query)
        } catch {
            throw UsageError.parameter(error)
        }
        return Reading(query: query, given: given)
    }

    /// The option for `parameter`.
    static func spec(_ parameter: QueryParameter) -> OptionSpec {
        var spec = OptionSpec(
            name: optionName(parameter), shortName: nil,
            kind: .value(name: parameter.valueName), help: parameter.help, isRepeatable: parameter.isRepeatable,
            splitsAtCommas: parameter.splitsAtCommas)
        spec.choices = parameter.choices
        spec.rosterValues = parameter.rosterValues
        return spec
    }

    /// `min-goals` for `min_goals`.
    static func optionName(_ parameter: QueryParameter) -> String {
        QueryParameter.Spelling.optionName(parameter.rawValue)
    }
}
