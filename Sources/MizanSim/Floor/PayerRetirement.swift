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
