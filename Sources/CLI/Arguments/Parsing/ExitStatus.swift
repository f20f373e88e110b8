/// The documented exit codes (BSD sysexits where one fits).
package enum ExitStatus: Int32, CaseIterable {
    case success = 0
    case failure = 1
    /// An import with `--prune` refused by `--max-prune`; nothing was written.
    case pruneRefused = 3
    /// An import with `--prune` and `--skip-invalid` that rejected records: written, but not pruned.
    case pruneSkipped = 4
    /// A change saved whose report could not be written.
    case savedNotReported = 5
    /// `import --history` into a roster that has players or a history; nothing was written.
    case rosterNotEmpty = 6
    case usage = 64
    case invalidData = 65
    case unreadableInput = 66
    case ioError = 74
    case busy = 75
    /// 128 + the signal's number, as shells report a process a signal stopped.
    case interrupted = 130
    case terminated = 143

    /// What the code means, for `--help` and docs/commands.md.
    package var meaning: String {
        switch self {
        case .success: "success"
        case .failure: "other failure (player not found, unusable database)"
        case .pruneRefused: "import --prune refused by --max-prune (nothing was written)"
        case .pruneSkipped: "import --prune wrote the valid records but did not prune, as records were rejected"
        case .savedNotReported:
            "the change was saved, but its report or change list could not be written (an output closed or full, "
                + "or a signal while it waited for a reader)"
        case .rosterNotEmpty:
            "import --history refused: the roster is not empty (it has players or a history); nothing was written"
        case .usage: "usage error (unknown option, invalid value)"
        case .invalidData: "invalid input data (nothing was written)"
        case .unreadableInput: "input file missing or unreadable"
        case .ioError:
            "I/O error or a limit reached: disk full, read-only file, too many open files, out of memory (the roster "
                + "is unchanged)"
        case .busy:
            "database locked by another writer past the busy timeout, or at once when a read needs a migration; "
                + "try again later"
        case .interrupted: "interrupted by SIGINT (Ctrl-C); an import is rolled back, an export's file left as it was"
        case .terminated: "stopped by SIGTERM or SIGHUP; as for 130"
        }
    }
}
