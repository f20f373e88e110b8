import RosterModel

/// How an import ended, as `--report json`'s `status` says it, one word a script can branch on.
package enum ImportStatus: String, Sendable {
    /// Written.
    case committed
    /// Checked and rolled back, as asked (`--dry-run`).
    case dryRun = "dry_run"
    /// Nothing written: records are invalid and `--skip-invalid` was not given.
    case refusedInvalid = "refused_invalid"
    /// Nothing written: `--prune` would remove more than `--max-prune` allows.
    case refusedPrune = "refused_prune"
    /// Nothing written: an input cannot be read as its format to its end.
    case refusedMalformed = "refused_malformed"
    /// Nothing written: the mapping names columns the input lacks, or another mistake in the options.
    case refusedUsage = "refused_usage"
    /// Nothing written: an input is missing or unreadable.
    case unreadableInput = "unreadable_input"
    /// Nothing written: a signal stopped the import.
    case interrupted
    /// Nothing written: another writer held the roster past the busy timeout.
    case locked
    /// Nothing written: the disk is full, the roster read-only, or another I/O error.
    case ioError = "io_error"
    /// Nothing written: the roster refused a write or holds what rosterdb cannot read (another program's trigger
    /// or value, a damaged schema); the message names the record or player.
    case failed

    /// The status of an import that failed before it had a report, by the error's category.
    package init(failure error: any Error) {
        self =
            switch ErrorCategory(of: error) {
            case .busy, .timedOut: .locked
            case .interrupted: .interrupted
            case .unreadableInput: .unreadableInput
            case .usage: .refusedUsage
            case .invalidData, .duplicate: .refusedInvalid
            case .pruneRefused: .refusedPrune
            case .failure, .notFound, .rosterNotEmpty, .changedSince: .failed
            case .io, .unavailable, .savedNotReported: .ioError
            }
    }
}
