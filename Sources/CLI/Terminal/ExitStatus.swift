import Glibc
import RosterModel

/// The documented exit codes (BSD sysexits where one fits).
enum ExitStatus: Int32, CaseIterable {
    case success = 0
    case failure = 1
    case usage = 64
    case invalidData = 65
    case unreadableInput = 66
    case ioError = 74
    case busy = 75
    /// 128 + the signal's number, as shells report a process a signal stopped.
    case interrupted = 130
    case terminated = 143

    init(_ category: ErrorCategory) {
        switch category {
        case .failure: self = .failure
        case .invalidData: self = .invalidData
        case .unreadableInput: self = .unreadableInput
        case .io: self = .ioError
        case .busy: self = .busy
        case .interrupted: self = SignalTrap.received == SIGINT ? .interrupted : .terminated
        }
    }

    /// What the code means, for `--help` and README.
    var meaning: String {
        switch self {
        case .success: "success"
        case .failure: "other failure (player not found, unusable database)"
        case .usage: "usage error (unknown option, invalid value)"
        case .invalidData: "invalid input data (nothing was written)"
        case .unreadableInput: "input file missing or unreadable"
        case .ioError: "I/O error or a limit reached: disk full, read-only file, too many open files (the roster "
            + "is unchanged)"
        case .busy: "database locked by another writer past the busy timeout; try again later"
        case .interrupted: "interrupted by SIGINT (Ctrl-C); an import is rolled back, an export's file left as it "
            + "was"
        case .terminated: "stopped by SIGTERM or SIGHUP; as for 130"
        }
    }
}
