/// Since when the roster's history is whole: the roster as it was is known from `time` on, and the changes numbered
/// from `firstNumber`; those before were never kept (the roster is older than its history) or were forgotten.
package struct HistoryStart: Sendable, Equatable {
    package let time: String
    package let firstNumber: Int64
    /// The number of the latest change, `firstNumber - 1` when there is none yet.
    package let lastNumber: Int64

    package init(time: String, firstNumber: Int64, lastNumber: Int64) {
        self.time = time
        self.firstNumber = firstNumber
        self.lastNumber = lastNumber
    }
}
