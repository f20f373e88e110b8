import Glibc

/// A value that threads share, read and changed only under a POSIX mutex.
///
/// Used instead of `Synchronization.Mutex`, which on Linux hands a contended lock over in the kernel (a
/// priority-inheriting futex): the thread sanitizer sees no ordering between the two holders then and reports the
/// values they touch as a race. A POSIX mutex it follows, so a race it reports is one.
package final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    /// Allocated once and never moved, as a `pthread_mutex_t` must not be.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    package init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
