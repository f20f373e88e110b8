/// The options and positional arguments of one command line, with typed readers that throw usage errors which
/// quote the user's value.
struct ParsedArguments {
    /// Each option's values by long name, in the order given; a flag has one empty value per use.
    let values: [String: [String]]
    let positionals: [String]
    /// The options the command accepts, for quoting them in errors.
    let options: [OptionSpec]

    func flag(_ name: String) -> Bool {
        values[name] != nil
    }

    /// The last value given for `name`.
    func value(_ name: String) -> String? {
        values[name]?.last
    }

    /// Every value of a repeatable option, each also split at commas (`--position ST,CF --position LW`).
    func list(_ name: String) -> [String] {
        (values[name] ?? []).flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    /// A whole number in `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        try parsed(name, expecting: "a whole number from \(range.lowerBound) to \(range.upperBound)") { text in
            Int(text).flatMap { range.contains($0) ? $0 : nil }
        }
    }

    /// A number of seconds in `range`; fractions allowed.
    func seconds(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        try parsed(name, expecting: "a number of seconds from \(Int(range.lowerBound)) to \(Int(range.upperBound))") {
            text in
            Double(text).flatMap { range.contains($0) ? $0 : nil }
        }
    }

    /// The value of `name` read by `parse`; a value it rejects is a usage error that says what was expected.
    func parsed<T>(_ name: String, expecting expected: String, _ parse: (String) -> T?) throws -> T? {
        guard let text = value(name) else { return nil }
        guard let result = parse(text) else {
            throw UsageError.invalidValue(value: text, option: synopsis(of: name), reason: "expected \(expected).")
        }
        return result
    }

    /// `--per-page <n>`, for error messages.
    func synopsis(of name: String) -> String {
        options.first { $0.name == name }?.synopsis ?? "--\(name)"
    }

    /// Too few or too many positional arguments are usage errors.
    func checkPositionals(against specs: [ArgumentSpec]) throws {
        for (index, spec) in specs.enumerated() where !spec.isOptional && index >= positionals.count {
            throw UsageError.missingArgument(spec.synopsis)
        }
        if specs.last?.isRepeating != true, positionals.count > specs.count {
            throw UsageError.unexpectedArgument(positionals[specs.count])
        }
    }
}
