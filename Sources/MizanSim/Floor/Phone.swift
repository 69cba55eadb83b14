import MizanProtocol
import MizanRuntime

/// A payer's phone as an actor on its run's `SimulationExecutor`: it owns its
/// driver (the chain's state, its keys, the session) and its timers. See `Till`
/// for how code on the run's executor and persons' processes reach it.
public actor Phone {
    /// The payer's number on the floor, counted from 0 (`DeviceRef.phone`).
    public nonisolated let index: Int
    nonisolated let executor: SimulationExecutor
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    let driver: PhoneDriver
    let timers: DeviceTimers<PhoneTimer>

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
            assumeIsolated { $0.driver.timerFired(timer) }
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
    public func tapStart() { driver.handle(.tapStart) }

    /// The payer confirms the amount on the review screen.
    public func confirm() { driver.handle(.payerConfirms) }

    /// The payer declines the amount on the review screen.
    public func decline() { driver.handle(.payerDeclines) }

    /// The payer cancels (while searching, connecting or reviewing).
    public func cancel() { driver.handle(.payerCancels) }
}
