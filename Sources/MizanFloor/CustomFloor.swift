import MizanGeometry
import MizanProtocol
import MizanSim
import MizanFormats
import MizanRadio

/// Builds and runs floors written in Swift: tills where you put them, phones
/// and people placed by your code, no floor file's people.
public enum CustomFloor {
    /// A plan with one till at each position (labelled "Till 1", "Till 2", ...),
    /// the ideal radio (every packet heard, no loss: what a scenario tests is
    /// its people, unless you set `radio`), and no payers of its own, lasting `duration`.
    public static func plan(tills positions: [Position], for duration: Duration) -> FloorPlan {
        let tills = positions.enumerated().map { index, position in
            TillPlan(index: index, position: position)
        }
        var plan = FloorPlan(tills: tills, payers: .queues(meanGap: .seconds(3600), idle: 0), duration: duration)
        plan.name = "custom"
        plan.radio = .ideal
        return plan
    }

    /// Runs `plan` from `seed`: `setUp` places the phones and starts the
    /// people (`Floor.placePhone(at:)`, `Floor.person(_:_:)`), then the floor
    /// runs for the plan's duration and drains what is under way. The
    /// report holds the ledger: every transaction's pair of endings, checked.
    /// `trace` writes every event of the run as a line; `events` receives
    /// each typed (`FloorEvent`).
    public static func run(_ plan: FloorPlan, seed: UInt64, trace: TraceWriter? = nil, events: ((FloorEvent) -> Void)? = nil,
                           setUp: (Floor) throws -> Void) throws -> FloorReport {
        let floor = try Floor(plan: plan, seed: seed, events: TraceWriter.observer(trace, then: events), builtInPersons: false)
        try setUp(floor)
        return floor.run(drain: true, drainLimit: .seconds(120))
    }
}
