import RosterModel

/// Less address space is left than a piece of work needs (`ulimit -v`): refused before it began, so that it ends
/// with a message rather than a failed allocation half-way, which ends the process (Swift cannot recover from one).
public struct NotEnoughMemory: CategorizedError {
    /// What was refused: "import", "open the roster".
    public let work: String
    public let neededBytes: Int

    public var category: ErrorCategory { .unavailable }

    public var description: String {
        "not enough memory to \(work): the address-space limit (ulimit -v) leaves less than \(neededBytes >> 20) MiB "
            + "free; the roster was left as it was"
    }
}
