/// The formats `show`, `add` and `edit` print one player in.
package enum DetailFormat: String, CaseIterable, Sendable {
    case text, json
}
