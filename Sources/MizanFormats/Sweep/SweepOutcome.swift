import MizanSim

/// One run of a sweep: its line of JSON (the run, its cell's parameters, the
/// floor's summary), and what the table and the exit status read from it.
public struct SweepOutcome: Sendable {
    public let run: Int
    public let cell: Int
    public let seed: UInt64
    public let line: String
    public let summary: [(key: String, cell: SummaryCell)]
    public let violations: Int
}

extension SweepOutcome {
    /// Runs run `run` of `sweep` on `plan`, its cell's floor (one floor, on this thread), and writes
    /// its line (an error in it when the floor could not be read).
    public init(_ sweep: SweepPlan, plan: FloorPlan?, run: Int, identity: (sweep: String, build: String)) {
        let cell = run / sweep.seeds
        let seed = sweep.seed(ofRun: run)
        let summary: [(key: String, cell: SummaryCell)]
        let violations: Int
        do {
            guard let plan else { throw SweepCellError(cell: cell) }
            let report = try Floor(plan: plan, seed: seed).run()
            summary = SummaryFile.rows(report).filter { $0.key != "seed" && $0.key != "floor" }
            violations = report.violations.count
        } catch {
            // Labels were validated when the sweep was read; say so if one was not.
            summary = [("error", .text("\(error)"))]
            violations = 0
        }
        var fields: [(key: String, value: JSON)] = [("run", .int(run + 1)), ("runs", .int(sweep.runs)),
                                                    ("sweep", .string(identity.sweep)), ("build", .string(identity.build)),
                                                    ("cell", .int(cell + 1)), ("seed", .unsigned(seed))]
        fields.append(("params", .object(sweep.values(ofCell: cell).map { ($0.field, JSON($0.value)) })))
        fields += summary.map { ($0.key, $0.cell.json) }
        let line = JSON.object(fields).compact
        self.init(run: run, cell: cell, seed: seed, line: line, summary: summary, violations: violations)
    }
}

/// A sweep cell whose floor could not be read when its runs began (it was read once before any run).
struct SweepCellError: Error, CustomStringConvertible {
    let cell: Int
    var description: String { "sweep cell \(cell + 1): its floor could not be read" }
}
