import MizanRadio
import MizanTime
import MizanProtocol
import MizanRuntime

/// A till as an actor on its run's `SimulationExecutor`: it owns its driver
/// (the chain's state, the key pair, the sealing session) and its timers, and
/// everything reaches them through its isolation.
///
/// Every device of a run shares the run's one serial executor, so code already
/// running there (a radio delivery, a timer, the floor reacting to a
/// screen) enters a till synchronously with `assumeIsolated`, without a
/// suspension; a person's process calls the same methods with `await`, which
/// on the same executor costs a hop, not a suspension.
public actor Till {
    /// The till's place on the floor, counted from 0 (`DeviceRef.till`).
    public nonisolated let index: Int
    nonisolated let executor: SimulationExecutor
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    let driver: HostDriver
    let timers: DeviceTimers<HostTimer>
    /// Persons waiting for a screen (see `showing(_:)`).
    private var waiters = ScreenWaiters<HostScreen>()

    /// A till running `driver`, whose clock is `timers`; both were made for
    /// this run and are handed over here.
    package init(index: Int, executor: SimulationExecutor, driver: RunConfined<HostDriver>, timers: RunConfined<DeviceTimers<HostTimer>>) {
        self.index = index
        self.executor = executor
        let ownTimers = timers.value
        self.driver = driver.value
        self.timers = ownTimers
        ownTimers.fire = { [unowned self] timer in timerFiredOnRun(timer) }
    }

    /// Runs `operation` in the till's isolation, from code already running
    /// on the run's executor (a radio delivery, a timer, the floor reacting):
    /// `assumeIsolated` with the run's own check, that the calling thread drives
    /// the run (an atomic load and a compare), in place of the runtime's
    /// executor look-up, which cost as much as the packet's own model on the
    /// hottest path (every packet a phone hears). The till's executor is the
    /// run's by construction, so the check is the same; a call from any other
    /// thread stops the process.
    @inline(__always)
    package nonisolated func entered<T>(_ operation: (isolated Till) -> T) -> T {
        Unmanaged.passUnretained(executor.drivingThread)._withUnsafeGuaranteedRef { $0.checkDriving("a till was entered") }
        return withoutActuallyEscaping(operation) { isolated in
            unsafeBitCast(isolated, to: ((Till) -> T).self)(self)
        }
    }

    public nonisolated var device: DeviceRef { .till(index) }

    /// What the till's screen shows.
    public var screen: HostScreen { driver.screen }
    public var state: HostChain.State { driver.state }

    /// What the radio reports (the medium's delivery, on the run's executor).
    package func hear(_ event: PeripheralRadioEvent) { driver.handle(radio: event) }

    // The hottest entries (every packet heard, every timer) without a closure
    // per call (free functions: no context either): `entered` makes the caller's closure escaping, which allocated
    // its context on every packet. Same check, then a direct call.


    /// `hear(_:)` from the medium, which runs on the run's executor (see `entered`).
    package nonisolated func hearOnRun(_ event: PeripheralRadioEvent) {
        // Borrowed, not retained (as in `Phone.hearOnRun`): no retain and release around the atomic load.
        Unmanaged.passUnretained(executor.drivingThread)._withUnsafeGuaranteedRef { $0.checkDriving("a till's radio delivered") }
        unsafeBitCast(tillHears as (isolated Till, PeripheralRadioEvent) -> Void, to: ((Till, PeripheralRadioEvent) -> Void).self)(self, event)
    }

    /// A timer of the till's fired, on the run's executor (see `entered`).
    nonisolated func timerFiredOnRun(_ timer: HostTimer) {
        executor.drivingThread.checkDriving("a till's timer fired")
        unsafeBitCast(tillTimerFired as (isolated Till, HostTimer) -> Void, to: ((Till, HostTimer) -> Void).self)(self, timer)
    }

    // MARK: what the operator does

    /// Any event from outside the radio: the operator's actions.
    public func handle(_ event: HostChain.Event) { driver.handle(event) }

    /// The operator starts a new sale and locks `amount`: the till advertises it.
    public func enter(_ amount: Amount) {
        driver.handle(.operatorStartsNewSale)
        driver.handle(.operatorLocks(amount))
    }

    /// The operator picks the payment's outcome (on the pick-outcome screens).
    public func pick(_ outcome: Outcome) { driver.handle(.operatorPicks(outcome)) }

    /// The operator cancels the sale under way.
    public func cancel() { driver.handle(.operatorCancels) }

    // MARK: waiting for a screen

    /// Returns when the till shows `screen` (at once if it does now). Screens are
    /// reported to waiters on floors whose persons are scripted
    /// (`Floor(builtInPersons: false)`); elsewhere a waiter waits until the run
    /// ends. Throws `CancellationError` when the run ends before the screen
    /// shows (or if it has ended), so that the person's task ends with the run.
    public func showing(_ screen: HostScreen) async throws {
        if driver.screen == screen { return }
        try await withCheckedThrowingContinuation { waiters.wait(for: screen, $0) }
    }

    /// The till's screen changed: wakes whoever waits for it.
    func showed(_ screen: HostScreen) { waiters.wake(screen) }

    /// The run ends: every person still waiting for a screen stops waiting
    /// with `CancellationError`, and later waits throw at once (`ScreenWaiters`).
    func endWaiting() { waiters.endAll() }
}

private func tillHears(_ till: isolated Till, _ event: PeripheralRadioEvent) { till.driver.handle(radio: event) }

private func tillTimerFired(_ till: isolated Till, _ timer: HostTimer) { till.driver.timerFired(timer) }
