import RosterModel

/// The HTTP front end's reader of list parameters: turns a request's query parameters (`position=ST&min_goals=10`)
/// into the same `PlayerQuery` that the command line's filter options give, through `QueryParameter`, with the same
/// rules and the same messages in the query's spelling (`min_goals`). An unknown parameter is refused with the
/// nearest known one suggested.
package enum QueryString {
    /// Reads `items` (name and value, in the order sent) into `query`: each of `parameters` through
    /// `QueryParameter.apply`, then the range and page-token checks. Parameters named in `others` (an endpoint's own,
    /// such as `format`) are returned by name, each at most once; any other name is refused.
    package static func read(
        _ items: [(name: String, value: String)], parameters: [QueryParameter], others: [String] = [],
        into query: inout PlayerQuery
    ) throws(QueryStringError) -> [String: String] {
        // Each value with the place of its parameter in `parameters`, in the order sent: a request gives a few.
        var given: [(index: Int, value: String)] = []
        given.reserveCapacity(items.count)
        var extra: [String: String] = [:]
        for (name, value) in items {
            if let parameter = QueryParameter.named(name), let index = parameters.firstIndex(of: parameter) {
                given.append((index, value))
            } else if others.contains(name) {
                guard extra[name] == nil else { throw .repeated(name) }
                extra[name] = value
            } else {
                throw .unknown(name, known: parameters.map(\.rawValue) + others)
            }
        }
        do throws(ParameterError) {
            // In the order the parameters are declared, as the command line reads them, so that the first problem
            // reported is the same whatever the order of the query.
            for (index, parameter) in parameters.enumerated() where given.contains(where: { $0.index == index }) {
                try parameter.apply(given.compactMap { $0.index == index ? $0.value : nil }, to: &query)
            }
            try QueryParameter.checkRanges(of: query)
            try QueryParameter.checkPosition(of: &query)
        } catch {
            throw .parameter(error)
        }
        return extra
    }

    /// `value` as one of `T`'s cases, for an endpoint's own parameter `name`; nil when it is nil.
    package static func choice<T: CaseIterable & RawRepresentable>(_ value: String?, of type: T.Type, for name: String)
        throws(QueryStringError) -> T? where T.RawValue == String
    {
        guard let value else { return nil }
        if let choice = T(rawValue: value.lowercased()) { return choice }
        let names = T.allCases.map(\.rawValue)
        let guess = Suggestion.nearest(to: value, among: names)
        let listed = names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
        throw .invalid(
            name, value: value,
            reason: "expected one of \(listed)" + (guess.map { " (did you mean '\($0)'?)" } ?? "") + ".")
    }

    /// `value` as a whole number in `range`, for an endpoint's own parameter `name`; nil when it is nil.
    package static func number(_ value: String?, in range: ClosedRange<Int>, for name: String)
        throws(QueryStringError) -> Int?
    {
        guard let value else { return nil }
        guard let number = Int(value), range.contains(number) else {
            throw .invalid(name, value: value, reason: ParameterError.notAWholeNumber(in: range))
        }
        return number
    }
}

/// A query parameter that cannot be used. Each case carries what the request sent; `message` words it as the
/// command line words it, with the parameter in the query's spelling (`min_goals`).
package enum QueryStringError: CategorizedError, Equatable, Sendable {
    /// A list parameter its rules refused.
    case parameter(ParameterError)
    /// A name that none of the endpoint's parameters (`known`) has.
    case unknown(String, known: [String])
    /// An endpoint's own parameter given twice.
    case repeated(String)
    /// An endpoint's own parameter with a value it cannot take, and why (`expected one of json or csv.`).
    case invalid(String, value: String, reason: String)
    /// A parameter an endpoint cannot take together with another (`page` with `format=csv`), and why.
    case conflicting(String, with: String, because: String)

    /// The parameter as the request named it.
    package var parameter: String {
        switch self {
        case .parameter(let error): error.parameter.name(.query)
        case .unknown(let name, _), .repeated(let name), .invalid(let name, _, _), .conflicting(let name, _, _): name
        }
    }

    package var message: String {
        switch self {
        case .parameter(let error):
            return error.message(.query)
        case .unknown(let name, let known):
            let guess = Suggestion.nearest(to: name, among: known)
            return "Unknown parameter '\(name)'." + (guess.map { " Did you mean '\($0)'?" } ?? "")
                + " Known parameters: \(known.joined(separator: ", "))."
        case .repeated(let name):
            return ParameterError.givenTwice(name)
        case .invalid(let name, let value, let reason):
            return "The value '\(value)' is invalid for '\(name)': \(reason)"
        case .conflicting(let name, let other, let reason):
            return "'\(name)' cannot be combined with '\(other)', \(reason)."
        }
    }

    /// The command line refuses the same parameters as usage errors.
    package var category: ErrorCategory { .usage }
    package var description: String { message }
}
