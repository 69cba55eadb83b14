import Dispatch
import Synchronization

/// Threads that compute crypto tasks ahead of need, first submitted first.
///
/// The simulation's thread submits `CryptoTask`s in its own (seeded) order and
/// later asks each task for its value; a worker that has not reached a task by
/// then leaves it to the asking thread, which computes it itself. So the pool
/// decides only who computes a value and when, never what it is: a run's trace
/// is the same with no pool or any number of workers.
///
/// Ownership: the queue of waiting jobs is behind a mutex in `JobBoard`, shared
/// by the submitting thread and the workers; the workers capture the board only,
/// so releasing the pool stops them (its `deinit` calls `shutdown`).
public final class CryptoPool: Sendable {
    /// The number of worker threads (the submitting thread is not counted).
    public let workers: Int
    private let board: JobBoard

    /// A pool of `workers` threads (at least one).
    public init(workers: Int) {
        self.workers = Swift.max(1, workers)
        let board = JobBoard()
        self.board = board
        for index in 0..<self.workers {
            DispatchQueue(label: "mizan.crypto-pool.\(index)").async { board.work() }
        }
    }

    /// Queues `job` for the next free worker. After `shutdown` it is not
    /// queued: whoever needs its value computes it.
    public func submit(_ job: any CryptoJob) {
        board.submit(job)
    }

    /// Stops the workers once each has finished the job in hand, and waits for
    /// them; jobs still queued stay unclaimed. Calling it again does nothing.
    public func shutdown() {
        board.stop(workers: workers)
    }

    deinit { shutdown() }
}

/// The pool's queue of jobs and its workers' loop.
private final class JobBoard: Sendable {
    private struct Queue {
        var jobs: [any CryptoJob] = []
        var head = 0
        var stopped = false

        mutating func popFirst() -> (any CryptoJob)? {
            guard head < jobs.count else { return nil }
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 1024, head * 2 >= jobs.count {
                jobs.removeFirst(head)
                head = 0
            }
            return job
        }
    }

    private let queue = Mutex(Queue())
    /// Counts queued jobs (and, at the end, one wake-up per worker).
    private let available = DispatchSemaphore(value: 0)
    /// Each worker signals it once as it leaves.
    private let exited = DispatchSemaphore(value: 0)

    func submit(_ job: any CryptoJob) {
        let queued = queue.withLock { queue in
            guard !queue.stopped else { return false }
            queue.jobs.append(job)
            return true
        }
        if queued { available.signal() }
    }

    func work() {
        while true {
            available.wait()
            let next: (job: (any CryptoJob)?, stop: Bool) = queue.withLock { queue in
                queue.stopped ? (nil, true) : (queue.popFirst(), false)
            }
            if next.stop { break }
            next.job?.runIfPending()
        }
        exited.signal()
    }

    func stop(workers: Int) {
        let first = queue.withLock { queue in
            defer { queue.stopped = true; queue.jobs.removeAll(); queue.head = 0 }
            return !queue.stopped
        }
        guard first else { return }
        for _ in 0..<workers { available.signal() }
        for _ in 0..<workers { exited.wait() }
    }
}
