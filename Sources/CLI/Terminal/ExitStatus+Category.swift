import Glibc
import RosterArguments
import RosterModel

extension ExitStatus {
    /// The code of an error of `category`; an interruption reports the signal that came.
    init(_ category: ErrorCategory) {
        switch category {
        case .failure: self = .failure
        case .usage: self = .usage
        case .invalidData: self = .invalidData
        case .pruneRefused: self = .pruneRefused
        case .unreadableInput: self = .unreadableInput
        case .io: self = .ioError
        case .busy: self = .busy
        case .savedNotReported: self = .savedNotReported
        case .interrupted: self = SignalTrap.received == SIGINT ? .interrupted : .terminated
        }
    }
}
