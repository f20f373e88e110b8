/// The shells `completions` writes a script for.
package enum CompletionShell: String, CaseIterable, Sendable {
    case bash, zsh, fish
}
