/// The formats `show`, `add` and `edit` print one player in.
public enum DetailFormat: String, CaseIterable, Sendable {
    case text, json
}
