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
/// screen) enters a till synchronously (`DeviceIsolation.swift`), without a suspension;
/// a person's process calls the same methods with `await`, which on the same
/// executor costs a hop, not a suspension.
public actor Till {
    /// The till's place on the floor, counted from 0 (`DeviceRef.till`).
    public nonisolated let index: Int
    package nonisolated let executor: SimulationExecutor
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

    public nonisolated var device: DeviceRef { .till(index) }

    /// What the till's screen shows.
    public var screen: HostScreen { driver.screen }
    public var state: HostChain.State { driver.state }

    /// What the radio reports (the medium's delivery, on the run's executor).
    package func hear(_ event: PeripheralRadioEvent) { driver.handle(radio: event) }


    // MARK: what the operator does

    /// Any event from outside the radio: the operator's actions.
    public func handle(_ event: HostChain.Event) { driver.handle(event) }

    /// The operator starts a new sale and locks `amount`: the till advertises it.
    public func enter(_ amount: Amount) {
        driver.handle(.entry(.newSale))
        driver.handle(.entry(.lock(amount)))
    }

    /// The operator picks the payment's outcome (on the pick-outcome screens).
    public func pick(_ outcome: Outcome) { driver.handle(.payment(.operatorPicks(outcome))) }

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
