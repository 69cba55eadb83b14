import MizanRadio
import MizanTime
import MizanProtocol
import MizanRuntime

/// A payer's phone as an actor on its run's `SimulationExecutor`: it owns its
/// driver (the chain's state, its keys, the session) and its timers. Code on the
/// run's executor enters it synchronously (`DeviceIsolation.swift`); persons' processes call it with `await`.
public actor Phone: AdvertisementReceiver {
    /// The payer's number on the floor, counted from 0 (`DeviceRef.phone`).
    public nonisolated let index: Int
    package nonisolated let executor: SimulationExecutor
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    let driver: PhoneDriver
    let timers: DeviceTimers<PhoneTimer>
    /// Persons waiting for a screen (see `showing(_:)`).
    private var waiters = ScreenWaiters<PhoneScreen>()

    /// A phone running `driver`, whose clock is `timers`; `timerFired` hears
    /// each of its timers first (the floor notes a missed deadline).
    package init(index: Int, executor: SimulationExecutor, driver: RunConfined<PhoneDriver>, timers: RunConfined<DeviceTimers<PhoneTimer>>,
         timerFired: RunConfined<(PhoneTimer) -> Void>? = nil) {
        self.index = index
        self.executor = executor
        let ownTimers = timers.value
        let before = timerFired?.value ?? { _ in }
        self.driver = driver.value
        self.timers = ownTimers
        ownTimers.fire = { [unowned self] timer in
            before(timer)
            timerFiredOnRun(timer)
        }
    }

    public nonisolated var device: DeviceRef { .phone(index) }

    /// What the phone's screen shows.
    public var screen: PhoneScreen { driver.screen }
    public var state: PhoneChain.State { driver.state }

    /// A transaction is running on the phone (from Start to its ending).
    public var busy: Bool {
        switch driver.state.find {
        case .scanning, .handedOver: true
        case .idle, .ended: false
        }
    }

    /// What the radio reports (the medium's delivery, on the run's executor).
    package func hear(_ event: CentralRadioEvent) { driver.handle(radio: event) }


    // MARK: what the payer does

    /// Any event from outside the radio: the payer's actions.
    public func handle(_ event: PhoneChain.Event) { driver.handle(event) }

    /// The payer taps Start: the phone looks for the nearest till.
    public func tapStart() { driver.handle(.find(.tapStart)) }

    /// The payer confirms the amount on the review screen.
    public func confirm() { driver.handle(.review(.payerConfirms)) }

    /// The payer declines the amount on the review screen.
    public func decline() { driver.handle(.review(.payerDeclines)) }

    /// The payer cancels (while searching, connecting or reviewing).
    public func cancel() { driver.handle(.payerCancels) }

    // MARK: waiting for a screen

    /// Returns when the phone shows `screen` (at once if it does now). Screens are
    /// reported to waiters on floors whose persons are scripted
    /// (`Floor(builtInPersons: false)`); elsewhere a waiter waits until the run
    /// ends. Throws `CancellationError` when the run ends before the screen
    /// shows (or if it has ended), so that the person's task ends with the run.
    public func showing(_ screen: PhoneScreen) async throws {
        if driver.screen == screen { return }
        try await withCheckedThrowingContinuation { waiters.wait(for: screen, $0) }
    }

    /// The phone's screen changed: wakes whoever waits for it.
    func showed(_ screen: PhoneScreen) { waiters.wake(screen) }

    /// The run ends: every person still waiting for a screen stops waiting
    /// with `CancellationError`, and later waits throw at once (`ScreenWaiters`).
    func endWaiting() { waiters.endAll() }
}
