import RosterModel
import RosterService

/// `rosterdb __complete FIELD PREFIX`: the values of a field that the roster's players have and that start with
/// PREFIX, one a line, for the completion scripts. Hidden: the scripts run it, people do not.
package struct CompleteCommand: DeclaredCommand {
    package static let name = "__complete"
    package static let declaration: CommandDeclaration<CompleteCommand> = {
        var declaration = CommandDeclaration(
            name: name,
            abstract: "Print the roster's values of a field that start with a prefix, for completion scripts.",
            arguments: [
                ArgumentSpec(
                    name: "field", help: "The field.", choices: CompleteCommand.fields.map(\.name)),
                ArgumentSpec(name: "prefix", help: "What the value starts with.", isOptional: true),
            ]
        ) { positionals in
            guard let field = CompleteCommand.fields.first(where: { $0.name == positionals[0] }) else {
                throw UsageError.invalidValue(
                    value: positionals[0], option: "<field>",
                    reason: "expected one of \(CompleteCommand.fields.map(\.name).joined(separator: ", ")).")
            }
            return CompleteCommand(field: field, prefix: positionals.count > 1 ? positionals[1] : "")
        }
        declaration.hide()
        return declaration
    }()

    /// The fields an option takes the roster's values of (`--club`, `--nationality`).
    package static var fields: [PlayerField] {
        var fields: [PlayerField] = []
        for parameter in QueryParameter.allCases {
            if let field = parameter.rosterValues, !fields.contains(field) { fields.append(field) }
        }
        return fields
    }

    /// The most values one completion lists.
    package static let limit = 100

    package let field: PlayerField
    package let prefix: String
}
