/// How an import finds the stored player a record is (`import --match`), where the usual rules — the id, else the
/// ref, else the folded name and birth date — would guess wrong for a second source.
package enum PlayerMatch: String, CaseIterable, Sendable {
    /// By the provider's key alone: a record without a ref is invalid, its id is not read, and no name is matched.
    case ref
}
