import RosterModel

/// A profile: the options a command takes for one provider's feed, in a file a person edits and a nightly job names
/// (`import --profile feeds/fpl.profile`). One option a line, by its long name without the dashes — `name = value`
/// for an option with a value, the name alone for a flag — as many lines as the command line would give the option;
/// a line starting with `#` is a comment, blank lines are skipped, and a value is taken as written after the `=`
/// (trimmed; no quotes, no escapes: `map = name={first_name} {second_name}`).
///
/// ```
/// # Fantasy Premier League, players_raw.csv
/// map = name={first_name} {second_name}
/// skip-where = element_type=5
/// prune
/// ```
///
/// A line that is no option of the command, a flag given a value, an option without one, and an option the command
/// takes once given twice are refused naming the line, before anything is opened; so is a value its option refuses,
/// when the command reads it.
enum ProfileFile {
    /// The options `text` gives, each with its line (`file:3`), among those `accepted`.
    static func options(in text: String, file: String, accepted: [OptionSpec]) throws -> [ParsedArguments.GivenOption] {
        var given: [ParsedArguments.GivenOption] = []
        let names = accepted.filter { !$0.isProfile }.map(\.name)
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        for (offset, rawLine) in lines.enumerated() {
            var line = Substring(rawLine)
            if offset == 0, line.first == "\u{FEFF}" { line = line.dropFirst() }
            let place = "\(file):\(offset + 1)"
            let trimmed = TextRule.trimmed(String(line))
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let equals = trimmed.firstIndex(of: "=")
            let name = TextRule.trimmed(String(trimmed[..<(equals ?? trimmed.endIndex)]))
            let value = equals.map { TextRule.trimmed(String(trimmed[trimmed.index(after: $0)...])) }
            guard let spec = accepted.first(where: { $0.name == name && !$0.isProfile }) else {
                let known = accepted.contains { $0.name == name } ? "a profile cannot name another profile" : nil
                throw UsageError.profileLine(
                    place,
                    known
                        ?? "'\(name.shortened(to: 60))' is no option of this command"
                        + (Suggestion.nearest(to: name, among: names).map { " (did you mean '\($0)'?)" } ?? "")
                        + "; a line is OPTION = VALUE, or a flag's name alone")
            }
            if !spec.isRepeatable, given.contains(where: { $0.name == spec.name }) {
                throw UsageError.profileLine(place, "\(spec.name) is given a second time; it is taken once")
            }
            switch (spec.takesValue, value) {
            case (true, let value?):
                given.append(.init(name: spec.name, value: value, origin: place))
            case (true, nil):
                throw UsageError.profileLine(place, "\(spec.name) needs a value: \(spec.name) = …")
            case (false, nil):
                given.append(.init(name: spec.name, value: "", origin: place))
            case (false, .some):
                throw UsageError.profileLine(place, "\(spec.name) is a flag and takes no value: write its name alone")
            }
        }
        return given
    }
}
