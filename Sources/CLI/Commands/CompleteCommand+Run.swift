extension CompleteCommand: Command {
    func run(_ context: CommandContext) throws -> ExitStatus {
        let roster = try context.openRosterToRead()
        for value in try roster.knownValues(of: field, startingWith: prefix, limit: CompleteCommand.limit) {
            // A value is one line: a line break in one (another program's) would make two.
            try context.output.write(value.split(whereSeparator: \.isNewline).joined(separator: " ") + "\n")
        }
        return .success
    }
}
