import Glibc

/// The signals that stop a server, taken synchronously by one thread that waits for them.
///
/// Block them on the main thread before starting the server (the threads it starts then inherit the mask, and
/// the server's own threads block every asynchronous signal anyway), start the server, then `wait()`: it returns
/// the first of them to arrive, also one that arrived before the call. A signal the process ignores (as `nohup`
/// ignores SIGHUP) stays ignored.
package struct StopSignals: Sendable {
    /// The signal numbers, such as SIGINT and SIGTERM.
    package let numbers: [Int32]

    private init(numbers: [Int32]) {
        self.numbers = numbers
    }

    /// Blocks `signals` in the calling thread, and so in every thread it starts afterwards, so that they stay
    /// pending until `wait()` takes them.
    package static func block(_ signals: [Int32]) -> StopSignals {
        var set = makeSet(signals)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        return StopSignals(numbers: signals)
    }

    /// Waits until one of the signals is delivered to the process (or this thread) and returns its number.
    package func wait() -> Int32 {
        var set = Self.makeSet(numbers)
        var received: Int32 = 0
        // sigwait fails only for an invalid set; it is not interrupted by other signals.
        while sigwait(&set, &received) != 0 {}
        return received
    }

    /// Unblocks the signals in the calling thread again; one that is pending is delivered then.
    package func unblock() {
        var set = Self.makeSet(numbers)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    private static func makeSet(_ signals: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        return set
    }
}
