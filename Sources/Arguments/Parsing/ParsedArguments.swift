/// The options and positional arguments of one command line, read through the typed `Option` and `Flag` values the
/// commands declare; a value that cannot be read is a usage error that quotes it.
public struct ParsedArguments {
    /// Each option's values by long name, in the order given; a flag has one empty value per use.
    private let values: [String: [String]]
    public let positionals: [String]

    public init(values: [String: [String]], positionals: [String]) {
        self.values = values
        self.positionals = positionals
    }

    /// Whether the flag was given.
    public func isSet(_ flag: Flag) -> Bool {
        values[flag.spec.name] != nil
    }

    /// Whether the option was given, whatever its value.
    public func isGiven(_ spec: OptionSpec) -> Bool {
        values[spec.name] != nil
    }

    /// The option's value, or nil when it was not given.
    public func value<Value>(_ option: Option<Value>) throws -> Value? {
        guard let text = values[option.spec.name]?.last else { return nil }
        switch option.parse(text) {
        case .success(let value): return value
        case .failure(let refused):
            throw UsageError.invalidValue(value: text, option: option.spec.synopsis, reason: refused.reason)
        }
    }

    /// Every value given for a repeatable option, in order.
    public func values<Value>(_ option: Option<Value>) throws -> [Value] {
        try texts(option.spec).map { text in
            switch option.parse(text) {
            case .success(let value): return value
            case .failure(let refused):
                throw UsageError.invalidValue(value: text, option: option.spec.synopsis, reason: refused.reason)
            }
        }
    }

    /// The texts given for an option, in order, for a reader of its own (the filter group).
    public func texts(_ spec: OptionSpec) -> [String] {
        texts(named: spec.name)
    }

    /// The texts given for the option named `name` (without its hyphens), in order.
    func texts(named name: String) -> [String] {
        values[name] ?? []
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
