/// The executor of one simulation run: every job of the run (its actors' and
/// its tasks') runs on the thread that drives it, one at a time, in the order
/// the jobs were enqueued. Nothing runs until `runUntilIdle()` (usually called
/// by `SimulationLoop`), so the run's interleaving depends only on the run,
/// never on thread timing.
///
/// Use it as an actor's executor:
///
/// ```swift
/// actor Till {
///     let executor: SimulationExecutor
///     nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
/// }
/// ```
///
/// and as the executor preference of every task of the run
/// (`SimulationLoop.spawn` does this; child tasks inherit it, a plain `Task {}`
/// does not), so that their nonisolated code and their wake-ups run here too.
///
/// Every job runs isolated to this serial executor with this task executor,
/// so calls between actors on it, and from a task into them, run inline
/// without an enqueue. Returning from actor code to nonisolated code is an
/// enqueue (the runtime treats "this serial executor" and "generic, preferring
/// this executor" as different), so keep hot paths inside actors.
///
/// `@unchecked Sendable`: the job queue is touched only by the thread driving
/// the run (or, between runs, by the one thread setting it up). `enqueue`
/// checks this (see `DrivingThread`: a relaxed atomic load and a compare, no
/// lock) and stops the process if a job arrives from another thread while a run
/// is in progress, which can only happen if simulation code awaited work on
/// another executor.
public final class SimulationExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    package let drivingThread: DrivingThread
    // Unchecked exclusivity: `append` and `popFirst` end before any job runs,
    // so accesses never overlap.
    @exclusivity(unchecked) private var queue = JobQueue()
    // Unchecked exclusivity (as `queue`): plain flag and counter writes that call nothing.
    @exclusivity(unchecked) private var isDraining = false

    /// How many jobs have run so far.
    @exclusivity(unchecked) public private(set) var jobsRun: UInt64 = 0

    /// An executor with an empty queue. A `SimulationLoop` makes its own.
    public convenience init() {
        self.init(drivingThread: DrivingThread())
    }

    init(drivingThread: DrivingThread) {
        self.drivingThread = drivingThread
    }

    /// Appends `job` to the queue; it runs in a later `runUntilIdle()`.
    public func enqueue(_ job: consuming ExecutorJob) {
        drivingThread.checkAccess("a job was enqueued on a SimulationExecutor")
        queue.append(UnownedJob(job))
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    public func asUnownedTaskExecutor() -> UnownedTaskExecutor {
        UnownedTaskExecutor(ordinary: self)
    }

    /// The driving thread is isolated to this executor while it drives: it runs
    /// this executor's jobs and nothing else, and timer callbacks run there
    /// between jobs. So `assumeIsolated` works in a timer callback for an actor
    /// on this executor.
    public func isIsolatingCurrentContext() -> Bool? {
        drivingThread.isCurrent
    }

    public func checkIsolated() {
        precondition(drivingThread.isCurrent, "MizanSim: not on the thread driving this SimulationExecutor")
    }

    /// Whether a job is waiting to run.
    public var hasRunnableJobs: Bool { !queue.isEmpty }

    /// Runs jobs in enqueue order until none is waiting, including the jobs
    /// they enqueue; returns how many ran. Must not be called from inside a job.
    @discardableResult
    public func runUntilIdle() -> Int {
        let entered = drivingThread.enter()
        defer { if entered { drivingThread.leave() } }
        precondition(!isDraining, "MizanSim: runUntilIdle() was called from inside one of its own jobs")
        isDraining = true
        defer { isDraining = false }
        let serialExecutor = asUnownedSerialExecutor()
        let taskExecutor = asUnownedTaskExecutor()
        var ran = 0
        while let job = queue.popFirst() {
            job.runSynchronously(isolatedTo: serialExecutor, taskExecutor: taskExecutor)
            ran += 1
        }
        jobsRun &+= UInt64(ran)
        return ran
    }
}
