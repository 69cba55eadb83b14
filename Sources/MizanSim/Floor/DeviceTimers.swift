import MizanRuntime

/// A device's named timers on the run's virtual clock: the `DeviceClock` its
/// driver gets. Starting a running timer restarts it. Public so that the
/// rehearsal lanes run a real driver on the same virtual time.
public final class DeviceTimers<Timer: Hashable> {
    private let clock: VirtualClock
    private var running: [Timer: TimerID] = [:]
    public var fire: (Timer) -> Void = { _ in }

    public init(clock: VirtualClock) { self.clock = clock }

    public var deviceClock: DeviceClock<Timer> {
        DeviceClock(
            now: { [clock] in clock.now.sinceStart }, // the clock, not self: no unowned check per packet heard
            start: { [unowned self] timer, delay in start(timer, after: delay) },
            cancel: { [unowned self] timer in cancel(timer) }
        )
    }

    func start(_ timer: Timer, after delay: Duration) {
        if let id = running[timer] { clock.cancel(id) }
        running[timer] = clock.schedule(after: delay) { [unowned self] in
            running[timer] = nil
            fire(timer)
        }
    }

    /// No timer is running.
    var isIdle: Bool { running.isEmpty }

    func cancel(_ timer: Timer) {
        if let id = running.removeValue(forKey: timer) { clock.cancel(id) }
    }
}
