import CSQLite
import RosterModel

/// The roster as it was just after a change of the history, as SQL over the roster's own tables: the players not
/// changed since (the roster's rows), and the values the others had then (`player_versions`), found from the changes
/// since by their numbers, so that a read touches only the players changed since, never the whole history.
struct PastRoster {
    /// The last change the roster as it was holds.
    let change: Int64

    /// The players not changed since, as the roster holds them.
    var unchanged: String {
        "SELECT \(PlayerColumn.all.map(\.name).joined(separator: ", ")) FROM main.players AS p "
            + "WHERE NOT EXISTS (SELECT 1 FROM main.player_history WHERE player_id = p.id AND change > \(change))"
    }

    /// The players changed since that were there then, with their values of then.
    var changed: String {
        let then = PlayerColumn.all.map { $0 == .field(.id) ? "h.player_id AS id" : "v.\($0.name)" }
        return "SELECT \(then.joined(separator: ", ")) FROM main.player_history AS h "
            + "JOIN main.player_versions AS v ON v.change = h.change "
            + "WHERE h.change > \(change) AND v.since_change <= \(change)"
    }

    /// The players, a view named as the roster's table, which SQLite finds before it.
    var viewSQL: String { "CREATE TEMP VIEW players AS \(unchanged) UNION ALL \(changed)" }

    /// The names of then that the roster's name search would not find, those of players renamed or removed since,
    /// in an index of their own (`past_names` over `past_named`) made as the roster's (`searchTableSQL`).
    func namesSQL(searchTableSQL: String) throws -> String {
        let (made, content) = ("CREATE VIRTUAL TABLE players_search ", "content = 'players'")
        guard searchTableSQL.hasPrefix(made), searchTableSQL.contains(content) else {
            throw DatabaseError(
                code: SQLITE_ERROR, message: "cannot read the roster as it was: unexpected name search",
                sql: searchTableSQL)
        }
        return """
            CREATE TEMP TABLE past_named (id INTEGER PRIMARY KEY, sort_name TEXT);
            INSERT INTO past_named (id, sort_name) SELECT id, sort_name FROM (\(changed)) AS past
            WHERE sort_name IS NOT (SELECT sort_name FROM main.players WHERE id = past.id);
            CREATE VIRTUAL TABLE temp.past_names \
            \(searchTableSQL.dropFirst(made.count).replacing(content, with: "content = 'past_named'"));
            INSERT INTO past_names (rowid, sort_name) SELECT id, sort_name FROM past_named;
            """
    }

    /// The number of players matching `condition` (a WHERE clause over the players' columns, or empty): those the
    /// roster has that match, less those changed since, plus those of then; each part read through the roster's
    /// indexes, never a probe per player of the roster.
    func countSQL(_ condition: String) -> String {
        let changedIDs = "id IN (SELECT player_id FROM main.player_history WHERE change > \(change))"
        let andChanged = (condition.isEmpty ? " WHERE " : condition + " AND ") + changedIDs
        return "SELECT (SELECT count(*) FROM main.players\(condition)) - (SELECT count(*) FROM main.players"
            + "\(andChanged)) + (SELECT count(*) FROM (\(changed)) AS players\(condition))"
    }
}
