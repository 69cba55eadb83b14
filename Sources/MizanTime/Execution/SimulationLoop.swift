/// Drives one simulation run on the calling thread: runs every runnable job,
/// and when none is left, fires the next timer of the virtual clock (moving
/// `now` to its deadline), and so on, so virtual time moves only when nothing
/// is runnable.
///
/// Each loop has its own executor and clock and shares nothing with other
/// loops: run many in parallel, one per thread. A loop belongs to the thread
/// that uses it (it is not `Sendable`); make it on the thread that will drive it.
///
/// ```swift
/// let loop = SimulationLoop()
/// let clock = loop.clock
/// loop.spawn { try? await clock.sleep(for: .seconds(10)) }
/// loop.runUntilQuiet()      // clock.now == .start + .seconds(10), at once
/// loop.shutdown()
/// ```
public final class SimulationLoop {
    /// Runs the run's jobs; give it to the run's actors as their executor.
    public let executor: SimulationExecutor
    /// The run's virtual time.
    public let clock: VirtualClock

    private let drivingThread: DrivingThread
    private var isRunning = false
    /// Timers to fire before `stopping` is asked again.
    private var untilAsked = SimulationLoop.stopCheckInterval
    /// Tasks started with `spawn`, cancelled by `shutdown()`.
    private var spawned: [Task<Void, Never>] = []

    /// A loop at virtual time zero with nothing to do.
    public init() {
        drivingThread = DrivingThread()
        executor = SimulationExecutor(drivingThread: drivingThread)
        clock = VirtualClock(drivingThread: drivingThread)
    }

    deinit {
        if !spawned.isEmpty || clock.pendingTimerCount > 0 || executor.hasRunnableJobs {
            shutdown()
        }
    }

    /// Starts a task on this run's executor (its executor preference, so its
    /// nonisolated code and its child tasks run here too). It runs in the next
    /// `run`; nothing runs before.
    @discardableResult
    public func spawn(_ operation: sending @escaping () async -> Void) -> Task<Void, Never> {
        drivingThread.checkAccess("SimulationLoop.spawn(_:) was called")
        let task = Task(executorPreference: executor, operation: operation)
        spawned.append(task)
        return task
    }

    /// Starts a task on this run's executor, like `spawn`, but keeps no handle:
    /// for the many short processes of a run (a person waiting to act), which
    /// end on their own. One still asleep when the run ends is woken with
    /// `CancellationError` by `shutdown()`.
    @discardableResult
    public func start(_ operation: sending @escaping () async -> Void) -> Task<Void, Never> {
        drivingThread.checkAccess("SimulationLoop.start(_:) was called")
        return Task(executorPreference: executor, operation: operation)
    }

    /// Runs until nothing is runnable and the next timer (if any) is after
    /// `limit`, then moves `now` to `limit` (if it is later).
    public func run(until limit: VirtualInstant) {
        drive(limit: limit)
        clock.advance(to: limit)
    }

    /// `run(until:)`, asking `stopping` every `stopCheckInterval` timers: once it says stop, the
    /// run ends where it is (`now` at the last timer fired) and this returns false.
    public func run(until limit: VirtualInstant, stopping: () -> Bool) -> Bool {
        guard drive(limit: limit, stopping: stopping) else { return false }
        clock.advance(to: limit)
        return true
    }

    /// How many timers a run fires between two questions to its `stopping`, counted across calls:
    /// a stop is seen within milliseconds of wall time, even where one virtual second takes many
    /// seconds (or never ends).
    public static let stopCheckInterval = 1_024

    /// Runs for `duration` of virtual time from `now` (see `run(until:)`).
    public func run(for duration: Duration) {
        run(until: clock.now.advanced(by: duration))
    }

    /// Runs until nothing is runnable and no timer is pending; `now` stays at
    /// the last timer's deadline. Never returns if timers keep re-arming (a
    /// device that advertises forever): use `run(until:)` for those.
    public func runUntilQuiet() {
        drive(limit: nil)
    }

    /// Ends the run so its tasks can be freed: cancels every task started with
    /// `spawn` (sleeping tasks wake with `CancellationError` at once), runs
    /// until idle, then resumes any sleeper left with `CancellationError`,
    /// drops callback timers, and runs until idle again. Tasks suspended on
    /// anything else stay suspended. Called by `deinit` if work is left.
    public func shutdown() {
        let entered = drivingThread.enter()
        defer { if entered { drivingThread.leave() } }
        precondition(!isRunning, "MizanSim: shutdown() was called from inside the run")
        let tasks = spawned
        spawned.removeAll()
        for task in tasks { task.cancel() }
        executor.runUntilIdle()
        clock.cancelAllTimers()
        executor.runUntilIdle()
    }

    /// Runs `body` on the calling thread as this simulation's driver, between
    /// runs (or from inside one), so that `assumeIsolated` works for the actors
    /// on this executor: use it to read their state after a run. Nothing else
    /// of the simulation runs meanwhile.
    public func inspect<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let entered = drivingThread.enter()
        defer { if entered { drivingThread.leave() } }
        return try body()
    }

    /// False when `stopping` said stop.
    @discardableResult
    private func drive(limit: VirtualInstant?, stopping: () -> Bool = { false }) -> Bool {
        let entered = drivingThread.enter()
        defer { if entered { drivingThread.leave() } }
        precondition(!isRunning, "MizanSim: a SimulationLoop was run from inside its own run")
        isRunning = true
        defer { isRunning = false }
        repeat {
            executor.runUntilIdle()
            untilAsked -= 1
            if untilAsked == 0 {
                untilAsked = Self.stopCheckInterval
                if stopping() { return false }
            }
        } while clock.fireNextTimer(notAfter: limit)
        return true
    }
}
