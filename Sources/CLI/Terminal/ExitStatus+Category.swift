import Glibc
import RosterModel

extension ExitStatus {
    /// The code of an error of `category`: the command line's one table of them (docs/exit-codes.md). An
    /// interruption reports the signal that came.
    init(_ category: ErrorCategory) {
        switch category {
        // No command writes on condition (`changedSince` is the server's).
        case .notFound, .failure, .changedSince: self = .failure
        case .usage: self = .usage
        case .invalidData, .duplicate: self = .invalidData
        case .pruneRefused: self = .pruneRefused
        case .rosterNotEmpty: self = .rosterNotEmpty
        case .unreadableInput: self = .unreadableInput
        case .io, .unavailable: self = .ioError
        // No command sets a time limit; one would be a temporary failure, as a lock held too long is.
        case .busy, .timedOut: self = .busy
        case .savedNotReported: self = .savedNotReported
        case .interrupted: self = SignalTrap.received == SIGINT ? .interrupted : .terminated
        }
    }
}
