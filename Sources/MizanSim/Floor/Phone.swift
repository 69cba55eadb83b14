import MizanRadio
import MizanTime
import MizanProtocol
import MizanRuntime

/// A payer's phone as an actor on its run's `SimulationExecutor`: it owns its
/// driver (the chain's state, its keys, the session) and its timers. See `Till`
/// for how code on the run's executor and persons' processes reach it.
public actor Phone: AdvertisementReceiver {
    /// The payer's number on the floor, counted from 0 (`DeviceRef.phone`).
    public nonisolated let index: Int
    nonisolated let executor: SimulationExecutor
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

    /// Runs `operation` in the phone's isolation, from code already running
    /// on the run's executor (a radio delivery, a timer, the floor reacting):
    /// `assumeIsolated` with the run's own check, that the calling thread drives
    /// the run (an atomic load and a compare), in place of the runtime's
    /// executor look-up, which cost as much as the packet's own model on the
    /// hottest path (every packet a phone hears). The phone's executor is the
    /// run's by construction, so the check is the same; a call from any other
    /// thread stops the process.
    @inline(__always)
    package nonisolated func entered<T>(_ operation: (isolated Phone) -> T) -> T {
        Unmanaged.passUnretained(executor.drivingThread)._withUnsafeGuaranteedRef { $0.checkDriving("a phone was entered") }
        return withoutActuallyEscaping(operation) { isolated in
            unsafeBitCast(isolated, to: ((Phone) -> T).self)(self)
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

    // The hottest entries (every packet heard, every timer) without a closure
    // per call (free functions: no context either): `entered` makes the caller's closure escaping, which allocated
    // its context on every packet. Same check, then a direct call.


    /// `hear(_:)` from the medium, which runs on the run's executor (see `entered`).
    package nonisolated func hearOnRun(_ event: CentralRadioEvent) {
        // Borrowed, not retained: a retain and release around the atomic load cost a sixth of a packet's path.
        Unmanaged.passUnretained(executor.drivingThread)._withUnsafeGuaranteedRef { $0.checkDriving("a phone's radio delivered") }
        unsafeBitCast(phoneHears as (isolated Phone, CentralRadioEvent) -> Void, to: ((Phone, CentralRadioEvent) -> Void).self)(self, event)
    }

    /// An advertising report from the medium, on the run's executor (see `entered`): `hearOnRun(.discovered(payload, rssi: rssi))`
    /// without the event around the payload.
    package static let hearAdvertisement: @Sendable (AnyObject, [UInt8], Int) -> Void = {
        unsafeDowncast($0, to: Phone.self).heardAdvertisementOnRun($1, rssi: $2)
    }

    package nonisolated func heardAdvertisementOnRun(_ payload: [UInt8], rssi: Int) {
        Unmanaged.passUnretained(executor.drivingThread)._withUnsafeGuaranteedRef { $0.checkDriving("a phone's radio delivered") }
        unsafeBitCast(phoneHearsAdvertisement as (isolated Phone, [UInt8], Int) -> Void, to: ((Phone, [UInt8], Int) -> Void).self)(self, payload, rssi)
    }

    /// A timer of the phone's fired, on the run's executor (see `entered`).
    nonisolated func timerFiredOnRun(_ timer: PhoneTimer) {
        executor.drivingThread.checkDriving("a phone's timer fired")
        unsafeBitCast(phoneTimerFired as (isolated Phone, PhoneTimer) -> Void, to: ((Phone, PhoneTimer) -> Void).self)(self, timer)
    }

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

private func phoneHears(_ phone: isolated Phone, _ event: CentralRadioEvent) { phone.driver.handle(radio: event) }

private func phoneHearsAdvertisement(_ phone: isolated Phone, _ payload: [UInt8], _ rssi: Int) { phone.driver.heard(advertisement: payload, rssi: rssi) }

private func phoneTimerFired(_ phone: isolated Phone, _ timer: PhoneTimer) { phone.driver.timerFired(timer) }
