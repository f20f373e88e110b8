import RosterArguments
import RosterFormats
import RosterModel

/// What `edit` changed: the player's name and id, then each changed field before → after.
///
/// ```
/// Updated Kylian Mbappé (id 3):
///   goals  31 → 32
///   club   Real Madrid → unknown
/// ```
enum PlayerChangeView {
    static func render(before: Player, after: Player, format: DetailFormat) -> String {
        let changed = PlayerField.allCases.filter { before[$0] != after[$0] }
        switch format {
        case .json:
            return "{\"before\":\(PlayerEncoding.jsonObject(before, age: .omitted)),"
                + "\"after\":\(PlayerEncoding.jsonObject(after, age: .omitted)),"
                + "\"changed\":[\(changed.map { JSONText.quoted($0.name) }.joined(separator: ","))]}\n"
        case .text:
            let name = DisplayWidth.printable(after.name)
            let id = after.id.map { " (id \($0))" } ?? ""
            guard !changed.isEmpty else { return "Nothing changed for \(name)\(id).\n" }
            let width = changed.map(\.name.count).max() ?? 0
            return "Updated \(name)\(id):\n"
                + changed.map { field in
                    "  " + DisplayWidth.padded(field.name, toWidth: width, alignRight: false) + "  "
                        + shown(before[field]) + " → " + shown(after[field]) + "\n"
                }.joined()
        }
    }

    private static func shown(_ value: FieldValue?) -> String {
        value.map { DisplayWidth.printable($0.text) } ?? "unknown"
    }
}
