import RosterModel

/// A change of a player in JSON, one object a line: as `import --changes` lists what an import changed,
///
/// ```
/// {"change":"updated","id":7,"ref":"P-35894","name":"Gerd Müller","fields":{"club":["Bayern","Inter"]}}
/// ```
///
/// and, with its number, time and maker in front and behind, as the history and the change feed list it.
package enum ChangeEncoding {
    /// Each changed field as `"name":[before,after]`, in one object: `{"goals":[20,21]}`.
    package static func fieldsObject(_ fields: [FieldChange]) -> String {
        "{"
            + fields.map { change in
                JSONText.quoted(change.field.name) + ":[" + PlayerEncoding.jsonValue(change.before) + ","
                    + PlayerEncoding.jsonValue(change.after) + "]"
            }.joined(separator: ",") + "}"
    }

    /// A line of `import --changes`, its newline included.
    package static func line(_ change: PlayerChange) -> String {
        "{" + members(change.change.rawValue, id: change.id, ref: change.ref, name: change.name, fields: change.fields)
            + "}\n"
    }

    /// A change of the history as the feed lists it, its newline included: the `--changes` line's members between
    /// the change number and time and what made it (`null` for another program).
    package static func line(_ entry: HistoryEntry) -> String {
        "{\"number\":\(entry.number),\"at\":\(JSONText.quoted(entry.time)),"
            + members(
                entry.kind.rawValue, id: entry.playerID, ref: entry.ref, name: entry.name,
                fields: fieldsObject(entry.fields))
            + ",\"made_by\":\(entry.madeBy.map(JSONText.quoted) ?? "null")}\n"
    }

    /// The first line of `export --history`: since when the history is whole, the numbers of its first and last
    /// changes, which the lines after it go through one by one, the largest id ever given, and how many players
    /// were there at the start (their lines come before the changes).
    package static func startLine(_ start: HistoryStart, highestID: Int64, playersAtStart: Int64) -> String {
        "{\"history_since\":\(JSONText.quoted(start.time)),\"first_change\":\(start.firstNumber),"
            + "\"last_change\":\(start.lastNumber),\"highest_id\":\(highestID),\"players_at_start\":\(playersAtStart)}\n"
    }

    /// A player there at the history's start, as `import --changes` lists an addition, its newline included.
    package static func startPlayerLine(id: Int64, fields: [FieldChange]) -> String {
        func value(_ field: PlayerField) -> FieldValue? { fields.first { $0.field == field }?.after }
        return "{"
            + members(
                "added", id: id, ref: value(.ref)?.text, name: value(.name)?.text ?? "", fields: fieldsObject(fields))
            + "}\n"
    }

    /// A player's history as `history --format json` and `GET /api/players/{id}/history` give it: the id, since when
    /// the history is kept, and the changes (newest first, as given).
    package static func historyObject(playerID: Int64, since: String, _ entries: [HistoryEntry]) -> String {
        "{\"id\":\(playerID),\"history_since\":\(JSONText.quoted(since)),\"changes\":" + array(entries) + "}\n"
    }

    /// A page of the change feed as `changes --format json` and `GET /api/changes` give it: the changes, and the
    /// number to ask for the changes after (`since`).
    package static func feedObject(_ entries: [HistoryEntry], next: Int64) -> String {
        feedStart + entries.enumerated().map { feedItem($1, first: $0 == 0) }.joined() + feedEnd(next: next)
    }

    /// The feed object written as it is read: its start, each change, and its end with the number to go on from.
    package static let feedStart = "{\"changes\":["
    package static func feedItem(_ entry: HistoryEntry, first: Bool) -> String {
        (first ? "" : ",") + line(entry).dropLast()
    }
    package static func feedEnd(next: Int64) -> String { "],\"next\":\(next)}\n" }

    private static func array(_ entries: [HistoryEntry]) -> String {
        "[" + entries.map { String(line($0).dropLast()) }.joined(separator: ",") + "]"
    }

    private static func members(_ kind: String, id: Int64, ref: String?, name: String, fields: String) -> String {
        "\"change\":\"\(kind)\",\"id\":\(id),\"ref\":\(ref.map(JSONText.quoted) ?? "null"),"
            + "\"name\":\(JSONText.quoted(name)),\"fields\":\(fields)"
    }
}
