/// How far an import has got, for a progress bar.
public struct ImportProgress: Sendable {
    public enum Phase: Sendable, Equatable {
        /// Reading, checking and writing records.
        case reading
        /// Every record is in; the indexes set aside for a load into an empty roster are being built: `completed`
        /// of `total` steps are done.
        case building(completed: Int, total: Int)
        /// Every record is in and every index built; the transaction is being committed.
        case finishing
    }

    public var phase: Phase = .reading
    public var records: Int
    public var bytesRead: Int
    /// The total size of the inputs, when every one is a regular file.
    public var totalBytes: Int?

    public init(phase: Phase = .reading, records: Int, bytesRead: Int, totalBytes: Int?) {
        self.phase = phase
        self.records = records
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
    }
}
