import Dispatch
import Synchronization
import MizanSim

/// Runs a sweep's runs in parallel, one floor per thread, each on its own
/// simulation loop, and returns each run's line of JSON in run order: the same
/// lines whatever the shard or the number of threads.
public enum SweepRunner {
    public struct Outcome: Sendable {
        public let run: Int
        public let cell: Int
        public let seed: UInt64
        public let line: String
        public let summary: [(String, String)]
        public let violations: Int
    }

    public static func run(_ sweep: SweepPlan, shard: Shard = .whole, threads: Int, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in })
        throws(JSONFileError) -> [Outcome] {
        let plans = try (0..<sweep.cells).map { cell throws(JSONFileError) in try sweep.plan(ofCell: cell) }
        let runs = (0..<sweep.runs).filter(shard.contains)
        let results = Mutex<[Int: Outcome]>([:])
        let next = Atomic<Int>(0)
        let total = runs.count
        DispatchQueue.concurrentPerform(iterations: Swift.max(1, Swift.min(threads, total))) { _ in
            while true {
                let slot = next.add(1, ordering: .relaxed).oldValue
                guard slot < total else { return }
                let outcome = execute(sweep, plans: plans, run: runs[slot])
                let done = results.withLock { finished -> Int in
                    finished[outcome.run] = outcome
                    return finished.count
                }
                progress(done, total)
            }
        }
        return results.withLock { finished in runs.compactMap { finished[$0] } }
    }

    static func execute(_ sweep: SweepPlan, plans: [FloorPlan], run: Int) -> Outcome {
        let cell = run / sweep.seeds
        let seed = sweep.seed(ofRun: run)
        let summary: [(String, String)]
        let violations: Int
        do {
            let report = try Floor(plan: plans[cell], seed: seed).run()
            summary = SummaryFile.rows(report).filter { $0.0 != "seed" && $0.0 != "floor" }
            violations = report.violations.count
        } catch {
            // Labels were validated when the sweep was read; say so if one was not.
            summary = [("error", TransactionsFile.quoted("\(error)"))]
            violations = 0
        }
        var fields = [("run", String(run + 1)), ("runs", String(sweep.runs)), ("cell", String(cell + 1)), ("seed", String(seed))]
        let params = sweep.values(ofCell: cell).map { "\(TransactionsFile.quoted($0.field)):\(JSONText.render($0.value))" }
        fields.append(("params", "{" + params.joined(separator: ",") + "}"))
        fields += summary
        let line = "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
        return Outcome(run: run, cell: cell, seed: seed, line: line, summary: summary, violations: violations)
    }
}
