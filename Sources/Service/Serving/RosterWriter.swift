import Glibc
import RosterModel

/// The one writer of a server's writes: a thread of its own holding the roster's write connection, which takes every
/// write waiting when it is free and runs them in one transaction, each in a savepoint of its own with its own
/// history write (`RosterStore.writeTogether`), then commits them once. Writes that arrive together share one sync of
/// the log instead of one each; each keeps what it does alone (its checks, its refusal, rolled back by itself, its
/// change numbers). A write returns only once its group is committed, and throws the group's error, nothing written,
/// when the commit fails or the roster's lock is not had within the busy timeout.
///
/// Any thread may call `write`; the roster it hands over is used on the writer's thread only, while the caller waits.
package final class RosterWriter: Sendable {
    private let queue: WriteQueue

    /// A writer of the roster at `path`, opened at its first write (and again when another file takes the path).
    package init(path: String, busyTimeout: Double) {
        queue = WriteQueue(path: path, busyTimeout: busyTimeout)
    }

    deinit {
        queue.close()
    }

    /// Runs `body` with the roster, on the writer's thread, among the writes waiting with it, and returns what it
    /// returned once they are committed. Each of the roster's writes in `body` is made in a savepoint of its own,
    /// undone when it throws and kept with the group once it returns (whatever `body` does after); `body` must not
    /// wait for another write.
    package func write<T>(_ body: (Roster) throws -> T) throws -> T {
        try withoutActuallyEscaping(body) { body in
            var outcome: Result<T, any Error>?
            let job = WriteQueue.Job { roster in outcome = Result { try body(roster) } }
            try queue.run(job)
            if let failure = job.groupFailure, case .success = outcome { throw failure }
            guard let outcome else { throw job.groupFailure ?? WriterStopped() }
            return try outcome.get()
        }
    }

    /// How many writes are waiting for the writer to be free: those it takes together next.
    package var waitingWrites: Int { queue.waitingCount }

    /// Stops the writer once the writes waiting are made, and brings the file up to date with its log.
    package func close() {
        queue.close()
    }
}

/// A write asked of a writer that has stopped.
package struct WriterStopped: CategorizedError {
    package var category: ErrorCategory { .unavailable }
    package var description: String { "the server is stopping; nothing was written" }
}

/// The writes waiting for the writer, and its thread.
private final class WriteQueue: @unchecked Sendable {
    /// One write: `run` keeps its outcome, and the group's error, when the commit failed, is kept beside it.
    final class Job: @unchecked Sendable {
        /// Let go of once the job's group is done: the caller's closure must not outlive its call.
        var run: ((Roster) -> Void)?
        var groupFailure: (any Error)?
        var done = false

        init(_ run: @escaping (Roster) -> Void) {
            self.run = run
        }
    }

    private let path: String
    private let busyTimeout: Double
    /// Guards `waiting`, `closing`, `thread` and each job's `done`; allocated once, as a mutex must not move.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Signalled when a job is queued or the queue closes, and when a group is done.
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var waiting: [Job] = []
    private var closing = false
    private var thread: JoinableThread?
    /// The write connection: used on the writer's thread only.
    private var roster: Roster?

    init(path: String, busyTimeout: Double) {
        self.path = path
        self.busyTimeout = busyTimeout
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    /// Queues `job` and waits until its group is done.
    func run(_ job: Job) throws {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard !closing else { throw WriterStopped() }
        if thread == nil {
            // The writer reads imports as their body arrives: a stack as large as a main thread's.
            thread = JoinableThread.start(stackSize: 8 << 20) { [self] in serve() }
            guard thread != nil else { throw NotEnoughMemory(work: "start the writer's thread", neededBytes: 8 << 20) }
        }
        waiting.append(job)
        pthread_cond_broadcast(changed)
        while !job.done { pthread_cond_wait(changed, mutex) }
    }

    var waitingCount: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return waiting.count
    }

    func close() {
        pthread_mutex_lock(mutex)
        closing = true
        let started = thread
        thread = nil
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
        started?.join()
    }

    /// The writer's loop: every job waiting, as one group, until the queue closes empty.
    private func serve() {
        while true {
            pthread_mutex_lock(mutex)
            while waiting.isEmpty && !closing { pthread_cond_wait(changed, mutex) }
            let jobs = waiting
            waiting = []
            pthread_mutex_unlock(mutex)
            if jobs.isEmpty { break }
            commit(jobs)
            pthread_mutex_lock(mutex)
            for job in jobs {
                job.run = nil
                job.done = true
            }
            pthread_cond_broadcast(changed)
            pthread_mutex_unlock(mutex)
        }
        // What the writes left in the log goes into the file as the server stops.
        roster?.tidy()
        roster = nil
    }

    /// Runs `jobs` in one transaction and commits it; when that fails, each job is told the error.
    private func commit(_ jobs: [Job]) {
        do {
            let roster = try writer()
            try roster.store.writeTogether {
                for job in jobs { job.run?(roster) }
            }
        } catch {
            for job in jobs { job.groupFailure = error }
        }
    }

    /// The write connection, opened at the first write, and again when another file took the roster's path (a write
    /// would go to the file it replaced).
    private func writer() throws -> Roster {
        if let roster, !roster.fileWasReplaced { return roster }
        roster = nil
        let opened = try Roster(path: path, access: .write, busyTimeout: busyTimeout)
        // A server writes many times: one sync of the log a commit, the file brought up to date now and then.
        opened.tidiesAfterEachWrite = false
        roster = opened
        return opened
    }
}
