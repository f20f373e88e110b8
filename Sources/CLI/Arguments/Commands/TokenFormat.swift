/// The formats `token list` prints the tokens in: a table for people, or JSON for scripts.
package enum TokenFormat: String, CaseIterable, Sendable {
    case table, json
}
