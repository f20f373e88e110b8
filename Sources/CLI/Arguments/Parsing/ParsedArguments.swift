import RosterModel

/// The options and positional arguments of one command line. Options are read only through their declarations
/// (`OptionDeclaration.read(from:)`), which a command names once; a value that cannot be read is a usage error that
/// quotes it.
package struct ParsedArguments {
    /// The options as given, in order, each by its long name; a flag has an empty value. A command line holds a
    /// handful: a list is searched as fast as a dictionary, and the first dictionary of its kind would cost every
    /// process the Swift runtime's building of its generic type (about 100,000 instructions, a twentieth of a `show`).
    private let given: [GivenOption]
    /// The options the command line could give: reading any other is a mistake of the declarations.
    private let accepted: [OptionSpec]
    package let positionals: [String]

    /// One option on the command line, or in its profile.
    struct GivenOption {
        let name: String
        let value: String
        /// `fpl.profile:3` for an option a profile gave; nil for the command line's.
        var origin: String? = nil
    }

    /// An option's value as given, and where: the line of a profile, or the command line (nil).
    package struct Entry {
        let value: String
        let origin: String?
    }

    init(given: [GivenOption], accepted: [OptionSpec], positionals: [String]) {
        self.given = given
        self.accepted = accepted
        self.positionals = positionals
    }

    /// Nothing given, as help is parsed, on a line that could give `accepted`.
    static func none(accepting accepted: [OptionSpec]) -> ParsedArguments {
        ParsedArguments(given: [], accepted: accepted, positionals: [])
    }

    /// Whether the option was given, whatever its value.
    func isGiven(_ spec: OptionSpec) -> Bool {
        checkDeclared(spec.name)
        return given.contains { $0.name == spec.name }
    }

    /// The texts given for the option named `name` (without its hyphens), in order.
    func texts(named name: String) -> [String] {
        entries(named: name).map(\.value)
    }

    /// The values given for the option named `name`, in order, each with where it was given.
    func entries(named name: String) -> [Entry] {
        checkDeclared(name)
        return given.compactMap { $0.name == name ? Entry(value: $0.value, origin: $0.origin) : nil }
    }

    /// These arguments after a profile's options (`profile`): an option given once here replaces the profile's,
    /// one given several times adds to the profile's values, which come first.
    func following(_ profile: [GivenOption]) -> ParsedArguments {
        let replaced = Set(
            given.compactMap { option in
                accepted.first { $0.name == option.name && !$0.isRepeatable }.map { _ in option.name }
            })
        return ParsedArguments(
            given: profile.filter { !replaced.contains($0.name) } + given, accepted: accepted,
            positionals: positionals)
    }

    /// Only the tests' (debug) builds look: a release build's declarations are the tested ones.
    private func checkDeclared(_ name: String) {
        assert(accepted.contains { $0.name == name }, "--\(name) is read, but its command does not declare it")
    }

    /// Too few or too many positional arguments are usage errors.
    func checkPositionals(against specs: [ArgumentSpec]) throws {
        for (index, spec) in specs.enumerated() where !spec.isOptional && index >= positionals.count {
            throw UsageError.missingArgument(spec.synopsis)
        }
        if specs.last?.isRepeating != true, positionals.count > specs.count {
            throw UsageError.unexpectedArgument(positionals[specs.count])
        }
        for (index, value) in positionals.enumerated() {
            guard let spec = index < specs.count ? specs[index] : specs.last, spec.refusesBlank,
                TextRule.trimmed(value).isEmpty
            else { continue }
            throw UsageError.invalidValue(
                value: value, option: spec.synopsis,
                reason: "expected \(Option<String>.withArticle(spec.name)), not an empty text.")
        }
    }
}
