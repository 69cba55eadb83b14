import MizanFormats
import MizanProtocol
import MizanSim
import MizanRadio

/// The drop-mid-handshake regression: the real host and phone drivers over
/// MizanSim's medium (a floor of one till and one phone half a metre away),
/// the link dropped at every protocol step boundary from the phone's key to
/// the result, at a sweep of offsets inside each message's flight, and at a
/// sweep of instants across the handshake; every drop with many seeds. Each
/// settled transaction's pair of endings is counted and checked by the
/// agreement rule.
public enum DropRegression {
    /// One message's flight on the floor's radio: one connection event.
    public static let flight = RadioParameters().connectionInterval
    /// Offsets inside a flight: 0, half a millisecond (inside the till's 1 ms
    /// of crypto after the key), quarters of the flight time, and just past it.
    public static let offsets: [Duration] = [.zero, .microseconds(500)] + (1...4).map { flight * $0 / 4 } + [flight + .milliseconds(1)]
    /// Instants across the handshake: the phone chooses the till when its 1 s
    /// scan window ends, connects (30 ms), writes its key (15 ms), and the
    /// amount arrives about 16 ms later. From 1.000 s to 1.080 s, 5 ms apart.
    public static let instants: [Duration] = (0...16).map { .milliseconds(1_000 + 5 * $0) }

    public static var cases: [DropCase] {
        LinkDropPoint.allCases.flatMap { point in offsets.map { DropCase(.step(point, after: $0)) } }
            + instants.map { DropCase(.time($0)) }
    }

    /// The floor of one run: one till, one phone 0.5 m in front of it, the
    /// default radio, operators who pick success half the time and payers who
    /// confirm four times in five, so that seeds reach different endings.
    public static func plan(_ drop: DropCase) -> FloorPlan {
        var plan = FloorPlan(tills: FloorPlan.row(count: 1), payers: .pairs(distance: 0.5), duration: .milliseconds(500))
        plan.radio = RadioParameters()
        plan.operators.successProbability = 0.5
        plan.payerBehaviour.confirmProbability = 0.8
        plan.faults = [drop.fault]
        return plan
    }

    /// One run: every settled pair, in the order it settled, and how many
    /// transactions never ended (a till or a phone stuck mid-transaction).
    public static func run(_ drop: DropCase, seed: UInt64, trace: TraceWriter? = nil) throws(FrameError) -> DropRun {
        let floor = try Floor(plan: plan(drop), seed: seed, events: trace?.write)
        let report = floor.run(drain: true)
        // The trace ends with its end record, as `mizan run` ends one: a trace without it was cut off.
        if let trace { FloorTraceFile.end(trace, at: report.simulated, run: TraceIdentity(describing: "regress drop-mid-handshake " + drop.label, seed: seed)) }
        let ledger = report.ledger
        let unended = ledger.hosts.filter { $0.ending == nil }.count + ledger.attempts.filter { $0.ending == nil }.count
        return DropRun(pairs: ledger.settled.map(\.pair), unended: unended)
    }

    /// Every case with every seed, in case order then seed order. `progress`
    /// is called after each run with how many ran and how many there are.
    /// Every case with every seed, in order; a run starts only while `stopping()` is false, so a
    /// stop leaves the table of the runs before it.
    public static func run(cases: [DropCase], seeds: [UInt64], stopping: () -> Bool = { false },
                           progress: (Int, Int) -> Void = { _, _ in }) throws(FrameError) -> RegressionTable {
        var table = RegressionTable()
        let total = cases.count * seeds.count
        var done = 0
        for drop in cases {
            for seed in seeds {
                if stopping() { return table }
                table.add(drop, seed: seed, run: try run(drop, seed: seed))
                done += 1
                progress(done, total)
            }
        }
        return table
    }
}

/// What one run of the regression settled.
public struct DropRun: Hashable, Sendable {
    public let pairs: [EndingPair]
    /// Transactions (till or phone side) that had not ended when the run drained.
    public let unended: Int
}
