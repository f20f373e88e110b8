import RosterModel
import RosterService

extension TokenCommand: Command {
    func run(_ context: CommandContext) throws -> ExitStatus {
        switch action {
        case .create(let name, let readOnly):
            SignalTrap.install()
            let token = try context.openRoster(.write, stop: SignalTrap.stop).createToken(
                name: name, readOnly: readOnly)
            // The token alone on standard output, for a script to keep; what it is, for a person, beside it.
            try context.report(saved: true) {
                try context.output.write(token + "\n")
                try context.errors.write(
                    "Created the \(readOnly ? "read-only" : "read-write") token '\(name)'. It is shown this once: "
                        + "the roster keeps only its hash.\n")
            }
        case .list(let format):
            try context.output.write(TokenListView.render(try context.openRosterToRead().tokens(), format: format))
        case .revoke(let name):
            SignalTrap.install()
            try context.openRoster(.write, stop: SignalTrap.stop).revokeToken(name: name)
            try context.report(saved: true) { try context.output.write("Revoked the token '\(name)'.\n") }
        }
        return .success
    }
}
