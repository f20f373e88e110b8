/// How far an import has got, for a progress bar.
package struct ImportProgress: Sendable {
    package enum Phase: Sendable, Equatable {
        /// Reading, checking and writing records.
        case reading
        /// Every record is in; the indexes set aside for a load into an empty roster are being built: `completed`
        /// of `total` steps are done.
        case building(completed: Int, total: Int)
        /// Every record is in and every index built; the transaction is being committed.
        case finishing
    }

    package var phase: Phase = .reading
    package var records: Int
    package var bytesRead: Int
    /// The total size of the inputs, when every one is a regular file.
    package var totalBytes: Int?

    package init(phase: Phase = .reading, records: Int, bytesRead: Int, totalBytes: Int?) {
        self.phase = phase
        self.records = records
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
    }
}
