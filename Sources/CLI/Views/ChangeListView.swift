import RosterFormats
import RosterModel
import RosterService

/// `import --changes`: one JSON object a line per player changed,
/// `{"change":"updated","id":7,"ref":"P-35894","name":"Gerd Müller","fields":{"club":["Bayern","Inter"]}}`.
enum ChangeListView {
    static func line(_ change: PlayerChange) -> String {
        "{\"change\":\"\(change.change)\",\"id\":\(change.id),\"ref\":\(change.ref.map(JSONText.quoted) ?? "null"),"
            + "\"name\":\(JSONText.quoted(change.name)),\"fields\":\(change.fields)}\n"
    }
}
