import Glibc
import Synchronization

/// The signal that asked rosterdb to stop, 0 for none; written by the signal handler.
private let receivedSignal = Atomic<Int32>(0)

/// Turns SIGINT, SIGTERM and SIGHUP into a request to stop that long work checks, so that an import rolls back
/// and rosterdb exits with a message instead of dying mid-write.
enum SignalTrap {
    static func install() {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { number in receivedSignal.store(number, ordering: .relaxed) }
        }
    }

    /// The signal received so far, or 0.
    static var received: Int32 { receivedSignal.load(ordering: .relaxed) }
}
