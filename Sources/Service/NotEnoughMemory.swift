import RosterModel

/// Less address space is left than a piece of work needs (`ulimit -v`): refused before it began, so that it ends
/// with a message rather than a failed allocation half-way, which ends the process (Swift cannot recover from one).
package struct NotEnoughMemory: CategorizedError {
    /// What was refused: "import", "open the roster".
    package let work: String
    package let neededBytes: Int

    package var category: ErrorCategory { .unavailable }

    package var description: String {
        "not enough memory to \(work): the address-space limit (ulimit -v) leaves less than \(neededBytes >> 20) MiB "
            + "free; the roster was left as it was"
    }
}
