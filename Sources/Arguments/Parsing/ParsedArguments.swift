/// The options and positional arguments of one command line, read through the typed `Option` and `Flag` values the
/// commands declare; a value that cannot be read is a usage error that quotes it.
public struct ParsedArguments {
    /// The options as given, in order, each by its long name; a flag has an empty value. A command line holds a
    /// handful: a list is searched as fast as a dictionary, and the first dictionary of its kind would cost every
    /// process the Swift runtime's building of its generic type (about 100,000 instructions, a twentieth of a `show`).
    private let given: [GivenOption]
    public let positionals: [String]

    /// One option on the command line.
    struct GivenOption {
        let name: String
        let value: String
    }

    init(given: [GivenOption], positionals: [String]) {
        self.given = given
        self.positionals = positionals
    }

    /// Whether the flag was given.
    public func isSet(_ flag: Flag) -> Bool {
        isGiven(flag.spec)
    }

    /// Whether the option was given, whatever its value.
    public func isGiven(_ spec: OptionSpec) -> Bool {
        given.contains { $0.name == spec.name }
    }

    /// The option's value, or nil when it was not given.
    public func value<Value>(_ option: Option<Value>) throws -> Value? {
        guard let text = given.last(where: { $0.name == option.spec.name })?.value else { return nil }
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
        given.compactMap { $0.name == name ? $0.value : nil }
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
