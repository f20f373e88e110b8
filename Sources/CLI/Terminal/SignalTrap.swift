import Glibc
import RosterModel
import Synchronization

/// The signal that asked rosterdb to stop, 0 for none; written by the signal handler.
private let receivedSignal = Atomic<Int32>(0)

/// Turns SIGINT, SIGTERM and SIGHUP into a request to stop that long work checks, so that an import rolls back
/// and rosterdb exits with a message instead of dying mid-write.
enum SignalTrap {
    static func install() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in receivedSignal.store(number, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        // No SA_RESTART (which `signal` sets): a read from a silent pipe must return EINTR, so that the import
        // sees the request instead of waiting for input that may never come.
        action.sa_flags = 0
        var trapped = sigset_t()
        sigemptyset(&trapped)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            // A signal ignored from the start stays ignored: `nohup` ignores SIGHUP so that the import outlives
            // the terminal, and a shell ignores SIGINT for the jobs it starts in the background.
            var inherited = sigaction()
            sigaction(signalNumber, nil, &inherited)
            if let handler = inherited.__sigaction_handler.sa_handler,
                unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
            {
                continue
            }
            sigaction(signalNumber, &action, nil)
            sigaddset(&trapped, signalNumber)
        }
        // A parent that blocks these signals in the thread that starts rosterdb (as a thread pool of libdispatch
        // does) passes the mask on; blocked, they would stay pending and never stop anything.
        pthread_sigmask(SIG_UNBLOCK, &trapped, nil)
    }

    /// The signal received so far, or 0.
    static var received: Int32 { receivedSignal.load(ordering: .relaxed) }

    /// Raised once one of the trapped signals has arrived.
    static let stop = StopSignal { receivedSignal.load(ordering: .relaxed) != 0 }
}
