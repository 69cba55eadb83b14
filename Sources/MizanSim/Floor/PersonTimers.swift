import MizanRadio
import MizanTime
import MizanProtocol

/// One step of a built-in person, due after a delay (`PersonTimers`).
enum PersonStep {
    /// The operator picks `outcome` if the till still asks (`Till.operatorPicksNow`).
    case operatorPicks(till: Int, outcome: Outcome)
    /// The payer confirms the amount if it is theirs and they are willing, else declines (`Phone.payerDecidesNow`).
    case payerDecides(phone: Int, willing: Bool)
    /// The operator locks `payer`'s amount (`Floor.lock`).
    case operatorLocks(till: Int, payer: Int)
    /// The payer taps Start again (`Floor.tapStart`).
    case payerTapsAgain(phone: Int)
}

/// The floor's built-in persons' steps (operators pick and lock, payers
/// decide and tap again) as timers of plain data on the run's clock: a step
/// in a slot, the slot's number the event the clock tells back, and the step
/// then done in the device's isolation at once (`Floor.perform`). A task per
/// step, as scripted persons have (`Person`), cost about a tenth of a W1
/// transaction's own work: created, enqueued, switched to the device actor
/// and back, woken, destroyed. Slots are reused, so a steady stream of steps
/// allocates nothing once the table has grown.
final class PersonTimers: TimerTarget {
    /// The floor these timers are its own (`Floor.personTimers`), so it outlives them
    /// (`Borrowed` says why).
    private let floor: Borrowed<Floor>
    private let clock: VirtualClock
    // Unchecked exclusivity: each access is a short read or write that calls
    // nothing back (a step is taken out of its slot before it is done).
    @exclusivity(unchecked) private var steps = SlotTable<(step: PersonStep, timer: TimerID)>()

    init(floor: Floor, clock: VirtualClock) {
        self.floor = Borrowed(floor)
        self.clock = clock
    }

    /// Sets `step` to be done after `delay`; returns its slot (for `cancel`).
    @discardableResult
    func schedule(_ step: PersonStep, after delay: Duration) -> Int {
        let slot = steps.reserve()
        let timer = clock.schedule(after: delay, target: self, event: slot)
        steps[slot] = (step, timer)
        return slot
    }

    /// The step in `slot` will not be done (a newer lock replaced it).
    func cancel(_ slot: Int) {
        guard let pending = steps.remove(slot) else { return }
        clock.cancel(pending.timer)
    }

    func timerFired(_ slot: Int) {
        guard let pending = steps.remove(slot) else { preconditionFailure("PersonTimers: slot \(slot) fired with no step") }
        floor.with { $0.perform(pending.step) }
    }
}
