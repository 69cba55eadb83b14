import MizanProtocol
@testable import MizanSim
import MizanFormats
import MizanRadio

/// Runs a floor plan with a seed, collecting the trace and the devices' logs.
struct FloorRun {
    let report: FloorReport
    let trace: [String]
    let logs: [String]
    /// How the run's devices found their crypto (with a pool of jobs > 1).
    let cryptoAhead: CryptoAheadTally?

    init(_ plan: FloorPlan, seed: UInt64, drain: Bool = true, jobs: Int = 1, medium: (RadioMedium) -> Void = { _ in }) throws {
        var trace: [String] = []
        var logs: [String] = []
        let floor = try Floor(plan: plan, seed: seed, events: TraceWriter { trace.append($0) }.write, deviceLog: { _, line in logs.append(line) },
                              jobs: jobs)
        medium(floor.medium)
        report = floor.run(drain: drain)
        self.trace = trace
        self.logs = logs
        cryptoAhead = floor.cryptoAhead
    }

    var pairs: [EndingPair] { report.ledger.settled.map(\.pair) }

    /// One till, one phone half a metre in front of it, a short run that then drains.
    static func single(_ configure: (inout FloorPlan) -> Void = { _ in }) -> FloorPlan {
        var plan = FloorPlan(tills: FloorPlan.row(count: 1), payers: .pairs(distance: 0.5), duration: .seconds(1))
        plan.radio = .ideal
        plan.payerBehaviour.reviewTime = 2...2
        plan.operators.pickDelay = 1...1
        configure(&plan)
        return plan
    }
}
