import RosterModel
import RosterService

/// The options `history` and `changes` share, declared once.
enum HistoryOptions {
    /// A point of the history (`ChangePoint`): a change number, a day or a moment in UTC.
    static func point(_ name: String, help: String) -> Option<ChangePoint> {
        Option(name, "n|date", help: help) { text in
            ChangePoint(parsing: text).map { .success($0) }
                ?? .failure(Option.ValueRefused(reason: ChangePoint.expected + "."))
        }
    }

    static let since = point(
        "since", help: "Only changes after this change number, or from this day or moment (UTC) on.")
    static let until = point("until", help: "Only changes up to this change number, or to the end of this day (UTC).")
    static let format = Option.choice("format", of: HistoryFormat.self, help: "The output format (default: table).")

    /// The criteria of `--since` and `--until`.
    static func criteria(since: ChangePoint?, until: ChangePoint?) -> HistoryCriteria {
        var criteria = HistoryCriteria()
        since?.since(&criteria)
        until?.until(&criteria)
        return criteria
    }
}
