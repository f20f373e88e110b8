import Glibc

/// A POSIX thread that runs one closure and is joined by whoever started it: for work done beside the calling
/// thread (an import's reading of its input), not for a pool.
package struct JoinableThread {
    private let thread: pthread_t

    /// Starts `body` on a new thread with a stack of `stackSize` bytes; nil when no thread can be started (no
    /// memory for its stack, a limit on threads), and the caller does the work itself.
    package static func start(stackSize: Int, _ body: @escaping () -> Void) -> JoinableThread? {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        let context = Unmanaged.passRetained(Work(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, &attributes,
            { context in
                Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            return nil
        }
        return JoinableThread(thread: thread)
    }

    /// Waits for the thread to end. Called once.
    package func join() {
        pthread_join(thread, nil)
    }

    /// The closure, in a box that a C pointer can carry to the new thread.
    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
