import RosterModel

/// `rosterdb token create --name NAME [--read-only]`, `token list`, `token revoke NAME`: the tokens `serve` asks
/// writes to carry.
package struct TokenCommand: DeclaredCommand {
    package static let name = "token"
    package static let declaration = CommandDeclaration(
        name: name,
        abstract: "Create, list or revoke the tokens serve asks writes to carry.",
        discussion: "create prints a new token once, on standard output; the roster keeps only its hash, so it "
            + "cannot be shown again. Once the roster has a token, serve takes a write (POST, PATCH, DELETE, "
            + "import) only with 'Authorization: Bearer TOKEN' of a token that is not --read-only; with "
            + "--require-token, reads need one too. revoke removes a token: a running server refuses it from its "
            + "next request. A name another token has is refused (exit 65); revoking a name no token has fails "
            + "(exit 1).",
        arguments: [
            ArgumentSpec(name: "action", help: "create, list or revoke."),
            ArgumentSpec(name: "name", help: "The token to revoke (revoke).", isOptional: true),
        ],
        options: Option<String>(
            "name", "name",
            help: "The new token's name (create): 1 to 64 letters, digits, dots, hyphens or underscores."
        ) { text in
            TokenName.isValid(text) ? .success(text) : .failure(Option.ValueRefused(reason: TokenName.rule))
        },
        Flag("read-only", help: "The new token may read, not write (create)."),
        Option.choice("format", of: TokenFormat.self, help: "How list prints the tokens (default: table).")
    ) { positionals, name, readOnly, format in
        let actionText = positionals[0]
        guard let word = Action.Word(rawValue: actionText) else {
            let names = Action.Word.allCases.map(\.rawValue)
            let guess = Suggestion.nearest(to: actionText, among: names)
            throw UsageError.invalidValue(
                value: actionText, option: "<action>",
                reason: "expected create, list or revoke" + (guess.map { " (did you mean '\($0)'?)" } ?? "") + ".")
        }
        let revoked = positionals.count > 1 ? positionals[1] : nil
        switch word {
        case .create:
            if let revoked { throw UsageError.unexpectedArgument(revoked) }
            if format != nil { throw UsageError.conflictingOptions("create", "--format") }
            guard let name else { throw UsageError.missingOption("--name <name>") }
            return TokenCommand(action: .create(name: name, readOnly: readOnly))
        case .list:
            if let revoked { throw UsageError.unexpectedArgument(revoked) }
            if name != nil { throw UsageError.conflictingOptions("list", "--name") }
            if readOnly { throw UsageError.conflictingOptions("list", "--read-only") }
            return TokenCommand(action: .list(format: format ?? .table))
        case .revoke:
            if name != nil { throw UsageError.conflictingOptions("revoke", "--name") }
            if readOnly { throw UsageError.conflictingOptions("revoke", "--read-only") }
            if format != nil { throw UsageError.conflictingOptions("revoke", "--format") }
            guard let revoked else { throw UsageError.missingArgument("<name>") }
            guard TokenName.isValid(revoked) else {
                throw UsageError.invalidValue(value: revoked, option: "<name>", reason: TokenName.rule)
            }
            return TokenCommand(action: .revoke(name: revoked))
        }
    }

    /// What the command line asks, by the word that comes first.
    package enum Action: Sendable, Equatable {
        case create(name: String, readOnly: Bool)
        case list(format: TokenFormat)
        case revoke(name: String)

        /// The words, in the order the help gives them.
        fileprivate enum Word: String, CaseIterable {
            case create, list, revoke
        }
    }

    package let action: Action
}
