import Glibc
import RosterHTTP
import RosterModel
import Testing

@Suite struct StopSignalsTests {
    /// Runs `body` on a new thread on which SIGUSR2 (the signal these tests send) starts unblocked.
    private func onFreshThread(_ body: @escaping () -> Void) -> pthread_t {
        spawn {
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGUSR2)
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)
            body()
        }
    }

    @Test func aSignalSentBeforeTheWaitIsNotLost() {
        let received = Locked<Int32>(0)
        let thread = onFreshThread {
            let signals = StopSignals.block([SIGUSR2])
            // Unblocked, SIGUSR2 would end the test process here.
            pthread_kill(pthread_self(), SIGUSR2)
            received.withLock { $0 = signals.wait() }
            signals.unblock()
        }
        pthread_join(thread, nil)
        #expect(received.withLock { $0 } == SIGUSR2)
    }

    @Test func waitReturnsWhenTheSignalArrives() {
        let ready = Gate()
        let received = Locked<Int32>(0)
        let waiter = onFreshThread {
            let signals = StopSignals.block([SIGUSR2, SIGUSR1])
            ready.pass()
            received.withLock { $0 = signals.wait() }
            signals.unblock()
        }
        #expect(ready.waitForArrivals(1))
        ready.open()
        #expect(received.withLock { $0 } == 0)
        pthread_kill(waiter, SIGUSR2)
        pthread_join(waiter, nil)
        #expect(received.withLock { $0 } == SIGUSR2)
    }
}
