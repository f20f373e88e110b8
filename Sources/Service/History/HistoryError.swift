import RosterModel

/// A part of the history that is not kept: forgotten (`history --forget-before`) or older than the history itself.
package enum HistoryError: CategorizedError, Equatable {
    /// The changes after `asked` were asked for, and some of them were forgotten.
    case forgotten(asked: Int64, start: HistoryStart)
    /// The changes after `asked` were asked for, past the roster's latest change: the asker followed another roster,
    /// or this one was put back from an older copy, whose next changes take numbers the asker has already passed.
    case ahead(asked: Int64, start: HistoryStart)
    /// A time before the history began was asked for.
    case beforeStart(asked: String, start: HistoryStart)
    /// A day to forget before that has not begun yet, anywhere.
    case futureDay(CalendarDate)
    /// A day after today asked for the roster as it was at its end, which is not known yet.
    case dayToCome(CalendarDate, today: CalendarDate)

    package var category: ErrorCategory {
        switch self {
        case .forgotten, .ahead, .beforeStart: .notFound
        case .futureDay, .dayToCome: .usage
        }
    }

    package var description: String {
        switch self {
        case .forgotten(let asked, let start):
            "the changes after \(asked) are no longer kept: the history starts at change \(start.firstNumber) "
                + "(\(start.time)); start a copy again from an export"
        case .ahead(let asked, let start):
            "there is no change \(asked): this roster's latest change is \(start.lastNumber); a copy that followed it "
                + "this far followed another roster, or this one was put back from an older copy; start the copy again "
                + "from an export"
        case .beforeStart(let asked, let start):
            "the history does not reach back to \(asked): it starts at \(start.time) (change \(start.firstNumber))"
        case .futureDay(let day):
            "\(day) has not begun yet (UTC): only the changes made before a day that has begun can be forgotten"
        case .dayToCome(let day, let today):
            "\(day) is after today (\(today) in UTC): the roster as it will be at the end of a day to come is not "
                + "known; --at takes today or a day before"
        }
    }
}
