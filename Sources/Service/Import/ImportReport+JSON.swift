import RosterFormats

extension ImportReport {
    /// Writes the report as one JSON object on one line, with every problem (the list is read from disk as it is
    /// written, not held), piece by piece to `write`: `import --report json`, and the answer of the API's import.
    package func writeJSON(_ write: (String) throws -> Void) throws {
        let fields: [(String, String)] = [
            ("status", JSONText.quoted(status.rawValue)),
            ("files", "[" + files.map(JSONText.quoted).joined(separator: ",") + "]"),
            ("committed", String(committed)),
            ("changes_written", changesWritten.map { String($0) } ?? "null"),
            ("dry_run", String(dryRun)),
            ("pending_migrations", "[" + pendingMigrations.map(JSONText.quoted).joined(separator: ",") + "]"),
            ("records", String(records)),
            ("added", String(added)),
            ("updated", String(updated)),
            ("unchanged", String(unchanged)),
            ("removed", String(removed)),
            ("rejected_records", String(rejectedRecords)),
            ("skipped_records", String(skippedRecords)),
            ("same_player_records", String(samePlayerRecords)),
            ("problems", String(problemCount)),
            (
                "prune",
                "{\"requested\":\(prune.requested),\"performed\":\(prune.performed),"
                    + "\"would_remove\":\(prune.wouldRemove),\"roster_before\":\(prune.rosterBefore),"
                    + "\"limit_percent\":\(StatsEncoding.oneDecimal(prune.limitPercent)),"
                    + "\"skipped_reason\":\(prune.skippedReason.map { JSONText.quoted($0.rawValue) } ?? "null")}"
            ),
            ("unknown_fields", "[" + unknownFields.map(JSONText.quoted).joined(separator: ",") + "]"),
            ("seconds", Self.seconds(seconds)),
        ]
        try write("{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + ",\"rejected\":[")
        var first = true
        try forEachProblem { object in
            try write(first ? object : "," + object)
            first = false
        }
        try write("]}\n")
    }

    /// `0.41`: seconds to the hundredth.
    package static func seconds(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
