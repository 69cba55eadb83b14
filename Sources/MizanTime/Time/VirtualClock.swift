/// A `Clock` on virtual time. `now` moves only when the run loop fires a timer:
/// it is set to the timer's deadline just before the timer fires (as in
/// swift-nio's `EmbeddedEventLoop`), so code that reads `now` inside a timer
/// sees exactly the deadline it asked for, and `now` never moves backwards.
///
/// Three kinds of timer share one queue, ordered by (deadline, insertion order):
/// - `sleep(until:tolerance:)` / `sleep(for:tolerance:)` suspend the calling
///   task; the loop resumes it when virtual time reaches the deadline;
/// - `schedule(at:target:event:)` tells a `TimerTarget` an event number: a
///   timer as plain data, for the run's frequent timers (a device's named
///   timers, advertising events), which allocates nothing;
/// - `schedule(at:_:)` runs a plain callback, for code that is not async.
///
/// A deadline in the past fires at `now`, after the timers already due.
/// Tolerances are ignored: virtual time is exact.
///
/// `@unchecked Sendable`: actors and tasks of the simulation hold the clock,
/// but its mutable state (`now`, the timer queue, counters) is touched only by
/// the thread driving the simulation, where all of the simulation's jobs run
/// one at a time. `schedule`, `cancel` and `sleep` check this (see
/// `DrivingThread`) and stop the process on a call from another thread while a
/// run is in progress. Reading `now` is not checked (it is the hottest call).
public final class VirtualClock: Clock, @unchecked Sendable {
    public typealias Instant = VirtualInstant
    public typealias Duration = Swift.Duration

    let drivingThread: DrivingThread
    @usableFromInline @exclusivity(unchecked) private(set) var currentInstant: VirtualInstant = .start
    // Unchecked exclusivity: every access is a short call into the queue that
    // ends before any callback or continuation runs, so accesses never
    // overlap; the dynamic checks were a tenth of a timer's cost.
    @exclusivity(unchecked) private var timers = TimerQueue<TimerAction>()

    /// How many timers (callbacks, data timers and sleeps) have fired so far.
    // Unchecked exclusivity: a counter bumped once per timer, calling nothing.
    @exclusivity(unchecked) public private(set) var timersFired: UInt64 = 0

    /// A clock at virtual time zero with no timers. A `SimulationLoop` makes its
    /// own; use this one to drive timers by hand in tests.
    public convenience init() {
        self.init(drivingThread: DrivingThread())
    }

    init(drivingThread: DrivingThread) {
        self.drivingThread = drivingThread
    }

    /// The current virtual time.
    @inlinable public var now: VirtualInstant { currentInstant }

    /// Virtual time is exact to Duration's resolution (one attosecond).
    public var minimumResolution: Duration { Duration(secondsComponent: 0, attosecondsComponent: 1) }

    /// The deadline of the timer that fires next, if any.
    public var nextDeadline: VirtualInstant? { timers.nextDeadline }

    /// How many timers (callbacks, data timers and sleeping tasks) are pending.
    public var pendingTimerCount: Int { timers.count }

    // MARK: Callback timers

    /// Runs `action` on the driving thread when virtual time reaches `deadline`
    /// (at `now` if `deadline` has passed), after every timer already set for
    /// the same instant. Inside `action`, `now == max(deadline, now at scheduling)`.
    @discardableResult
    public func schedule(at deadline: VirtualInstant, _ action: @escaping () -> Void) -> TimerID {
        drivingThread.checkAccess("VirtualClock.schedule(at:_:) was called")
        return timers.insert(.callback(action), at: Swift.max(deadline, currentInstant))
    }

    /// Runs `action` after `delay` of virtual time (see `schedule(at:_:)`).
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> TimerID {
        schedule(at: currentInstant.advanced(by: delay), action)
    }

    /// Tells `target` `event` when virtual time reaches `deadline` (at `now` if
    /// `deadline` has passed), after every timer already set for the same
    /// instant: the same order as `schedule(at:_:)`, without a closure to
    /// allocate. The timer holds `target` unowned (`TimerTargetReference`):
    /// the target must outlive it.
    @discardableResult
    package func schedule(at deadline: VirtualInstant, target: any TimerTarget, event: Int) -> TimerID {
        drivingThread.checkAccess("VirtualClock.schedule(at:target:event:) was called")
        return timers.insert(.tell(TimerTargetReference(target: target), event: event), at: Swift.max(deadline, currentInstant))
    }

    /// Tells `target` `event` after `delay` of virtual time (see `schedule(at:target:event:)`).
    @discardableResult
    package func schedule(after delay: Duration, target: any TimerTarget, event: Int) -> TimerID {
        schedule(at: currentInstant.advanced(by: delay), target: target, event: event)
    }

    /// Cancels a pending timer. Returns false if it already fired or was cancelled.
    @discardableResult
    public func cancel(_ id: TimerID) -> Bool {
        drivingThread.checkAccess("VirtualClock.cancel(_:) was called")
        guard let action = timers.remove(id) else { return false }
        Self.discard(action)
        return true
    }

    // MARK: Sleeping

    /// Suspends the calling task until virtual time reaches `deadline`; throws
    /// `CancellationError` if the task is or becomes cancelled (at once, not at
    /// the deadline), like `Task.sleep`.
    ///
    /// It runs on the caller's executor (`nonisolated(nonsending)`), so an
    /// actor on the simulation executor registers its timer without a hop.
    /// When the timer fires, the runtime resumes the task through its
    /// *generic* executor (seen on Swift 6.3.1, even for a continuation made
    /// with an actor's isolation), which is the simulation executor only if the
    /// task has it as its executor preference: so sleep only in tasks started
    /// with `SimulationLoop.spawn` or `Task(executorPreference:)` (and their
    /// child tasks), never in a plain `Task {}`, whose wake-up would go through
    /// the global executor. Through the `Clock` protocol
    /// (`Task.sleep(until:clock:)`) it works the same in such tasks.
    nonisolated(nonsending)
    public func sleep(until deadline: VirtualInstant, tolerance: Duration? = nil) async throws {
        try await sleep(until: deadline, isolation: #isolation)
    }

    /// `sleep(until:tolerance:)` with the caller's isolation named, so that the
    /// cancellation handler's operation closure can capture it: a closure that
    /// captures an isolated parameter runs on that isolation, while one that
    /// does not is nonisolated and would hop to the generic executor (the
    /// global pool, for a task without an executor preference), even when
    /// written inside a `nonisolated(nonsending)` function (seen on Swift 6.3.1).
    private func sleep(until deadline: VirtualInstant, isolation: isolated (any Actor)?) async throws {
        drivingThread.checkAccess("VirtualClock.sleep(until:tolerance:) was called")
        // The identifier exists before the task suspends, so that the
        // cancellation handler can name the timer.
        let id = timers.reserve()
        try await withTaskCancellationHandler {
            _ = isolation  // keeps this closure on the caller's executor (see above)
            try await withUnsafeThrowingContinuation(isolation: isolation) {
                (continuation: UnsafeContinuation<Void, any Error>) in
                if Task.isCancelled {
                    // Cancelled before suspending: the handler found no timer to cancel.
                    timers.release(id)
                    continuation.resume(throwing: CancellationError())
                } else {
                    timers.fill(id, with: .resume(continuation), at: Swift.max(deadline, currentInstant))
                }
            }
        } onCancel: {
            // Runs on the cancelling thread, which must be the driving one; a
            // no-op if the timer already fired.
            self.cancel(id)
        }
    }

    /// Suspends the calling task until virtual time reaches `deadline`, like
    /// `sleep(until:tolerance:)` but without a cancellation handler: cancelling
    /// the task does not wake it early (it wakes at the deadline, and reads
    /// `Task.isCancelled` if it cares); only the run's end (`cancelAllTimers`,
    /// by `SimulationLoop.shutdown`) wakes it early, with `CancellationError`.
    /// For the floor's own person processes, which no one cancels: registering
    /// and removing a cancellation handler was about a fifth of a wait's cost.
    /// It reserves and fills its timer at the same point as `sleep` does, so the
    /// two order timers alike.
    nonisolated(nonsending)
    func wait(until deadline: VirtualInstant) async throws {
        try await wait(until: deadline, isolation: #isolation)
    }

    /// `wait(until:)` for `duration` of virtual time from now.
    nonisolated(nonsending)
    package func wait(for duration: Duration) async throws {
        try await wait(until: currentInstant.advanced(by: duration), isolation: #isolation)
    }

    private func wait(until deadline: VirtualInstant, isolation: isolated (any Actor)?) async throws {
        drivingThread.checkAccess("VirtualClock.wait(until:) was called")
        let id = timers.reserve()
        try await withUnsafeThrowingContinuation(isolation: isolation) { (continuation: UnsafeContinuation<Void, any Error>) in
            timers.fill(id, with: .resume(continuation), at: Swift.max(deadline, currentInstant))
        }
    }

    /// Suspends the calling task for `duration` of virtual time (see `sleep(until:tolerance:)`).
    nonisolated(nonsending)
    public func sleep(for duration: Duration, tolerance: Duration? = nil) async throws {
        try await sleep(until: currentInstant.advanced(by: duration), tolerance: tolerance)
    }

    // MARK: Driving (by the run loop)

    /// Fires the next timer if its deadline is not after `limit` (any deadline
    /// when nil): sets `now` to the deadline, then runs the callback or resumes
    /// the sleeping task (which enqueues it on its executor). Returns false if
    /// no timer was due.
    func fireNextTimer(notAfter limit: VirtualInstant?) -> Bool {
        guard let (deadline, action) = timers.popFirst(notAfter: limit) else { return false }
        assert(deadline >= currentInstant, "a timer's deadline is never before now")
        currentInstant = deadline
        timersFired &+= 1
        switch action {
        case .callback(let callback):
            callback()
        case .resume(let continuation):
            continuation.resume()
        case .tell(let reference, let event):
            reference.target.timerFired(event)
        }
        return true
    }

    /// Moves `now` forward to `instant` when no timer is due before it.
    func advance(to instant: VirtualInstant) {
        guard instant > currentInstant else { return }
        precondition(timers.nextDeadline.map { $0 > instant } ?? true, "advance(to:) would skip a pending timer")
        currentInstant = instant
    }

    /// Empties the queue: sleeping tasks are resumed with `CancellationError`
    /// in firing order, callbacks and events are dropped. Returns how many timers were pending.
    @discardableResult
    func cancelAllTimers() -> Int {
        var removed = 0
        while let (_, action) = timers.popFirst() {
            removed += 1
            Self.discard(action)
        }
        return removed
    }

    /// A timer that will not fire: a callback or an event is dropped, a
    /// sleeping task is resumed with `CancellationError`.
    private static func discard(_ action: TimerAction) {
        switch action {
        case .callback, .tell:
            break
        case .resume(let continuation):
            continuation.resume(throwing: CancellationError())
        }
    }
}
