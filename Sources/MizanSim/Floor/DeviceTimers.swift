import MizanRadio
import MizanTime
import MizanRuntime

/// A device's named timers on the run's virtual clock: the `DeviceClock` its
/// driver gets. Starting a running timer restarts it. Public so that the
/// rehearsal lanes run a real driver on the same virtual time.
///
/// Each timer is set on the clock as plain data (`TimerTarget`): these
/// timers and an event number, the timer's slot here, not a closure; a device
/// has a handful of named timers, kept in slots in the order first started
/// and found by a linear search, not hashed.
public final class DeviceTimers<Timer: Hashable>: TimerTarget {
    private let clock: VirtualClock
    // Unchecked exclusivity: each access is a short read or write that calls
    // nothing back (`fire` is called after the slot is cleared), so accesses
    // never overlap.
    /// The timers started so far, by slot.
    @exclusivity(unchecked) private var names: [Timer] = []
    /// The clock's timer of each slot while it runs.
    @exclusivity(unchecked) private var running: [TimerID?] = []
    public var fire: (Timer) -> Void = { _ in }

    public init(clock: VirtualClock) { self.clock = clock }

    /// The driver's clock. It holds these timers strongly: that makes no cycle (the timers hold
    /// their device only through `fire`, unowned), and calling a captured reference costs
    /// nothing, where an unowned one is checked (an atomic retain and release) at every use.
    public var deviceClock: DeviceClock<Timer> {
        DeviceClock(
            now: { [clock] in clock.now.sinceStart },
            start: { [timers = self] timer, delay in timers.start(timer, after: delay) },
            cancel: { [timers = self] timer in timers.cancel(timer) }
        )
    }

    func start(_ timer: Timer, after delay: Duration) {
        let slot = slot(of: timer)
        if let id = running[slot] { clock.cancel(id) }
        running[slot] = clock.schedule(after: delay, target: self, event: slot)
    }

    package func timerFired(_ slot: Int) {
        running[slot] = nil
        fire(names[slot])
    }

    /// No timer is running.
    var isIdle: Bool { !running.contains { $0 != nil } }

    func cancel(_ timer: Timer) {
        guard let slot = names.firstIndex(of: timer), let id = running[slot] else { return }
        running[slot] = nil
        clock.cancel(id)
    }

    /// The slot of `timer`, made when it is first started.
    private func slot(of timer: Timer) -> Int {
        if let slot = names.firstIndex(of: timer) { return slot }
        names.append(timer)
        running.append(nil)
        return names.count - 1
    }
}
