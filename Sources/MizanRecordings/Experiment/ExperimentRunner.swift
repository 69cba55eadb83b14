import MizanSim

/// Runs every cell of a plan over its seeds, in order, on the calling thread.
/// Seed `s` gives the same placement, offsets and packet draws in every cell
/// (common random numbers), so strategies are compared on the same sessions.
public struct ExperimentRunner: Sendable {
    public let plan: ExperimentPlan

    public init(plan: ExperimentPlan) { self.plan = plan }

    public func run(progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }) -> [ExperimentResult] {
        let cells = plan.cells
        var results: [ExperimentResult] = []
        for (index, cell) in cells.enumerated() {
            results.append(run(cell))
            progress(index + 1, cells.count)
        }
        return results
    }

    public func run(_ cell: ExperimentCell) -> ExperimentResult {
        let session = ExperimentSession(cell: cell, tills: plan.tills)
        var decided = 0, right = 0
        var times: [Double] = []
        for offset in 0..<plan.seeds {
            let outcome = session.run(seed: plan.firstSeed + UInt64(offset))
            guard let chosen = outcome.chosen else { continue }
            decided += 1
            if chosen == outcome.nearest { right += 1 }
            times.append(outcome.elapsed)
        }
        return ExperimentResult(cell: cell, sessions: plan.seeds, decided: decided, right: right, timeToDecide: Percentiles(times))
    }
}
