import RosterModel

/// An option with a value: its spelling and help, and how its text becomes a `Value`. A command takes it by naming
/// it in its declaration (`SharedOptions` holds those several commands take), and receives the value given last, or
/// nil; `repeated` takes every value.
package struct Option<Value>: OptionDeclaration {
    package private(set) var spec: OptionSpec
    /// The value `text` stands for, or the reason it stands for none (`expected a whole number from 1 to 10.`).
    package let parse: @Sendable (_ text: String) -> Result<Value, ValueRefused>

    /// Why a value was refused, as the end of a usage error.
    package struct ValueRefused: Error {
        let reason: String
    }

    init(
        _ name: String, _ valueName: String, short: Character? = nil,
        help: @autoclosure @escaping @Sendable () -> String,
        parse: @escaping @Sendable (String) -> Result<Value, ValueRefused>
    ) {
        spec = OptionSpec(name: name, shortName: short, kind: .value(name: valueName), help: help())
        self.parse = parse
    }

    package var specs: [OptionSpec] { [spec] }

    package func read(from arguments: ParsedArguments) throws -> Value? {
        try arguments.entries(named: spec.name).last.map(value(of:))
    }

    /// The option given any number of times, read into all its values.
    package var repeated: RepeatedOption<Value> { RepeatedOption(self) }

    /// The value an entry's text stands for; one it does not is a usage error that quotes it, and names the line
    /// of the profile that gave it.
    func value(of entry: ParsedArguments.Entry) throws -> Value {
        switch parse(entry.value) {
        case .success(let value): return value
        case .failure(let refused):
            let error = UsageError.invalidValue(value: entry.value, option: spec.synopsis, reason: refused.reason)
            throw entry.origin.map { UsageError.inProfile($0, error) } ?? error
        }
    }
}

extension Option where Value == String {
    /// Any text; an empty one is refused, as it names nothing.
    /// With `refusingBlank`, a value of white space alone is refused as an empty one is (a name, where a file's path
    /// may be any bytes).
    package static func text(
        _ name: String, _ valueName: String, short: Character? = nil, refusingBlank: Bool = false, help: String
    ) -> Option {
        Option(name, valueName, short: short, help: help) { text in
            (refusingBlank ? TextRule.trimmed(text).isEmpty : text.isEmpty)
                ? .failure(ValueRefused(reason: "expected \(Option.withArticle(valueName)), not an empty text."))
                : .success(text)
        }
    }

    /// `a file`, `an address`: the value name after the indefinite article its first letter calls for.
    static func withArticle(_ valueName: String) -> String {
        // A Character, not a String: `contains` of a String would link the regex runtime into the binary (1.2 MB).
        (valueName.first.map { "aeiouAEIOU".contains($0) } == true ? "an " : "a ") + valueName
    }
}

extension Option where Value == Int {
    /// A whole number in `range`.
    package static func number(_ name: String, _ valueName: String, in range: ClosedRange<Int>, help: String) -> Option
    {
        Option(name, valueName, help: help) { text in
            guard let value = Int(text), range.contains(value) else {
                return .failure(
                    ValueRefused(
                        reason: "expected a whole number from \(range.lowerBound.groupedDigits) to "
                            + "\(range.upperBound.groupedDigits)."))
            }
            return .success(value)
        }
    }
}

extension Option where Value == Double {
    /// A number in `range`, fractions allowed, written in digits with at most one decimal point (`2`, `0.5`):
    /// `Double`'s own reading takes `0x5A` as 90 and `1e-400` as 0, which for `--max-prune` would be a typo that
    /// removes players.
    package static func decimal(
        _ name: String, _ valueName: String, in range: ClosedRange<Double>, expecting what: String, help: String
    ) -> Option {
        Option(name, valueName, help: help) { text in
            let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.allSatisfy(\.isDigits), let value = Double(text), range.contains(value) else {
                return .failure(ValueRefused(reason: "expected \(what)."))
            }
            return .success(value)
        }
    }
}

extension Option where Value: CaseIterable & RawRepresentable & Sendable, Value.RawValue == String {
    /// One of the cases of `Value`, by raw value; the cases list themselves in the help and in the error, which
    /// suggests the nearest.
    package static func choice(_ name: String, of type: Value.Type, short: Character? = nil, help: String) -> Option {
        var option = Option(name, name, short: short, help: "\(help) One of \(Option.listed(Option.names)).") { text in
            // Case does not matter (`JSON`), unless it tells cases apart (`dd/MM/yyyy`).
            if let value = Value(rawValue: text)
                ?? Value.allCases.first(where: {
                    $0.rawValue.lowercased() == text.lowercased()
                })
            {
                return .success(value)
            }
            let guess = Suggestion.nearest(to: text, among: Option.names)
            return .failure(
                ValueRefused(
                    reason: "expected one of \(Option.listed(Option.names))"
                        + (guess.map { " (did you mean '\($0)'?)" } ?? "")
                        + "."))
        }
        option.spec.choices = names
        return option
    }

    /// The cases' raw values, in order.
    private static var names: [String] { Value.allCases.map { $0.rawValue } }

    /// `table, json, ndjson or csv`.
    private static func listed(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}

extension Option where Value == CalendarDate {
    /// A day, `yyyy-MM-dd`.
    package static func day(_ name: String, help: String) -> Option {
        Option(name, "date", help: help) { text in
            CalendarDate(iso: text).map { .success($0) }
                ?? .failure(ValueRefused(reason: "expected a day as yyyy-MM-dd."))
        }
    }
}

extension Option where Value == String {
    /// The option that names a profile (`--profile FILE`): the parser reads the file's options before the command
    /// line's, which come after them (`ProfileFile`); the command receives the file's name.
    package static func profile(help: String) -> Option {
        var option = Option.text("profile", "file", help: help)
        option.spec.isProfile = true
        return option
    }
}

/// An option without a value (`--quiet`), taken like `Option`; the command receives whether it was given.
package struct Flag: OptionDeclaration {
    package let spec: OptionSpec

    package init(_ name: String, short: Character? = nil, help: @autoclosure @escaping @Sendable () -> String) {
        spec = OptionSpec(name: name, shortName: short, kind: .flag, help: help())
    }

    package var specs: [OptionSpec] { [spec] }

    package func read(from arguments: ParsedArguments) -> Bool {
        arguments.isGiven(spec)
    }
}
