import MizanRadio
import MizanTime
/// Payers who left the floor for good (on queues fed by arrivals, a payer who
/// paid or gave up does not come back), each waiting to be retired: its phone
/// unit, `Phone` actor, driver, timers, key stream and radio endpoint are
/// dropped, so that a run's memory does not grow with every payer it ever
/// had. Retiring frees storage only: indices are never reused, so the trace
/// names every device as before.
///
/// A payer is retired `delay` after leaving, once its phone is idle: no
/// process of the payer's running, no attempt unsettled in the ledger, no
/// scan, connection or link, and no timer of the phone pending. The delay is
/// the ledger's bound on anything of a link still arriving
/// (`TransactionLedger.keyInFlightLimit`); a phone not idle by then is checked
/// again after another delay.
struct PayerRetirement {
    static let delay = TransactionLedger.keyInFlightLimit

    /// Off keeps every payer to the end of the run (the tests compare both: the same trace).
    var enabled = true
    /// Payers never retired: those a timed fault names, which must find them on the floor.
    var keep: Set<Int> = []

    /// Payers who left, in the order they left (or were last found busy), with when.
    private var leaving: [(payer: Int, at: Duration)] = []
    private var head = 0
    /// How many payers have been retired.
    private(set) var retired = 0

    /// Payer `payer` left for good at `time`.
    mutating func left(_ payer: Int, at time: Duration) {
        leaving.append((payer, time))
    }

    /// The next payer whose delay has passed at `now`, taken off the list.
    mutating func nextDue(at now: Duration) -> Int? {
        guard head < leaving.count, leaving[head].at + Self.delay <= now else { return nil }
        let payer = leaving[head].payer
        head += 1
        if head >= 1024, head * 2 >= leaving.count {
            leaving.removeFirst(head)
            head = 0
        }
        return payer
    }

    mutating func countRetired() { retired += 1 }

    /// Payers waiting to be retired.
    var waiting: Int { leaving.count - head }
}

extension Floor {
    /// Payer `phone` left the queue for good: retire it once its phone is idle, and retire those due.
    func payerLeft(_ phone: PhoneUnit) {
        guard retirement.enabled, !retirement.keep.contains(phone.index) else { return }
        retirement.left(phone.index, at: now)
        retireLeftPayers()
    }

    /// Retires the payers who left at least `PayerRetirement.delay` ago and whose phones are idle.
    func retireLeftPayers() {
        while let payer = retirement.nextDue(at: now) {
            guard let phone = phoneUnits[payer] else { continue }
            if isIdleForGood(phone) {
                retire(phone)
            } else {
                retirement.left(payer, at: now) // still busy: look again later
            }
        }
    }

    /// Nothing of the payer's can act again: no process, no unsettled attempt, no radio activity, no timer.
    func isIdleForGood(_ phone: PhoneUnit) -> Bool {
        guard phone.processes == 0, !ledger.hasUnsettledAttempt(phone: phone.index) else { return false }
        let endpoint = phone.endpoint
        guard endpoint.isIdle else { return false }
        return phone.device.entered { !$0.busy && $0.timers.isIdle }
    }

    /// Drops everything the floor and the medium keep for the payer; the index stays taken.
    func retire(_ phone: PhoneUnit) {
        phoneUnits[phone.index] = nil
        medium.removePhone(phone.index)
        tappedForLock.remove(phone.index)
        retirement.countRetired()
    }

    /// Starts a process of the payer's (see `process(_:)`); the phone is not retired while it runs.
    @discardableResult
    func process(for phone: PhoneUnit, _ body: sending @escaping (RunConfined<Floor>) async -> Void) -> Task<Void, Never> {
        phone.processes += 1
        return process { [index = phone.index] floor in
            await body(floor)
            floor.value.phoneUnits[index]?.processes -= 1
        }
    }
}
