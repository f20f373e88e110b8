import RosterFormats
import RosterModel
import RosterService

/// What `edit` changed: the player's name and id, then each changed field before → after.
///
/// ```
/// Updated Kylian Mbappé (id 3):
///   goals  31 → 32
///   club   Real Madrid → unknown
/// ```
///
/// A player that another program had stored breaking rosterdb's rules is "Corrected", with what was wrong; its
/// values before are shown as they were stored, and in JSON `before` is null and `unreadable` says what was wrong.
enum PlayerChangeView {
    static func render(before: FoundPlayer, after: Player, format: DetailFormat) -> String {
        let changed = PlayerField.allCases.filter { before.text($0) != after[$0]?.text }
        let problem: String? = if case .unreadable(_, _, let problem) = before { problem } else { nil }
        switch format {
        case .json:
            let stored: String =
                switch before {
                case .readable(let player): PlayerEncoding.jsonObject(player, age: .omitted)
                case .unreadable: "null"
                }
            return "{\"before\":\(stored),"
                + (problem.map { "\"unreadable\":\(JSONText.quoted($0))," } ?? "")
                + "\"after\":\(PlayerEncoding.jsonObject(after, age: .omitted)),"
                + "\"changed\":[\(changed.map { JSONText.quoted($0.name) }.joined(separator: ","))]}\n"
        case .text:
            let name = DisplayWidth.printable(after.name)
            let id = after.id.map { " (id \($0))" } ?? ""
            let heading =
                problem.map { "Corrected \(name)\(id), stored by another program with \(DisplayWidth.printable($0))" }
                ?? "Updated \(name)\(id)"
            guard !changed.isEmpty || problem != nil else { return "Nothing changed for \(name)\(id).\n" }
            let width = changed.map(\.name.count).max() ?? 0
            return heading + ":\n"
                + changed.map { field in
                    "  " + DisplayWidth.padded(field.name, toWidth: width, alignRight: false) + "  "
                        + shown(before.text(field)) + " → " + shown(after[field]?.text) + "\n"
                }.joined()
        }
    }

    private static func shown(_ text: String?) -> String {
        text.map(DisplayWidth.printable) ?? "unknown"
    }
}
