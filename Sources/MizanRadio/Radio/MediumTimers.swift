import MizanTime
/// The medium's pending `MediumTimer`s by slot; a slot's number is the event
/// the clock tells back when the timer fires, and the timer then goes to the
/// medium (`RadioMedium.fire`). Slots are reused, so a steady stream of timers
/// allocates nothing once the table has grown. These timers are never
/// cancelled: each acts, or finds its link gone, when it fires.
package final class MediumTimers: TimerTarget {
    /// The medium these timers are its own (`RadioMedium.frameTimers`), so it outlives them
    /// (`Borrowed` says why).
    private let medium: Borrowed<RadioMedium>
    private let clock: VirtualClock
    // Unchecked exclusivity: each access is a short read or write that calls
    // nothing back (a timer is taken out of its slot before it acts).
    @exclusivity(unchecked) private var slots = SlotTable<MediumTimer>()

    init(medium: RadioMedium, clock: VirtualClock) {
        self.medium = Borrowed(medium)
        self.clock = clock
    }

    /// Sets `timer` to fire at `deadline` (see `VirtualClock.schedule(at:target:event:)`).
    func schedule(_ timer: MediumTimer, at deadline: VirtualInstant) {
        clock.schedule(at: deadline, target: self, event: slots.insert(timer))
    }

    /// Sets `timer` to fire after `delay`.
    func schedule(_ timer: MediumTimer, after delay: Duration) {
        schedule(timer, at: clock.now.advanced(by: delay))
    }

    package func timerFired(_ slot: Int) {
        guard let timer = slots.remove(slot) else { preconditionFailure("MediumTimers: slot \(slot) fired with no timer") }
        medium.with { $0.fire(timer) }
    }
}
