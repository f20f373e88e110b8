/// What a change did to a player, in the words `import --changes`, the history and the change feed use.
package enum ChangeKind: String, CaseIterable, Sendable {
    case added, updated, removed
}
