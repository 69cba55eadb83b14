import Dispatch
import Synchronization
import MizanFormats
import MizanSim

/// Runs a sweep's runs in parallel, one floor per thread, each on its own
/// simulation loop, and returns each run's line of JSON in run order: the same
/// lines whatever the shard or the number of threads.
enum SweepRunner {
    static func run(_ sweep: SweepPlan, shard: Shard = .whole, threads: Int, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in })
        throws(JSONFileError) -> [SweepOutcome] {
        let plans = try (0..<sweep.cells).map { cell throws(JSONFileError) in try sweep.plan(ofCell: cell) }
        let runs = (0..<sweep.runs).filter(shard.contains)
        let identity = (sweep: SweepIdentity.digest(sweep), build: Build.identity)
        let results = Mutex<[Int: SweepOutcome]>([:])
        let next = Atomic<Int>(0)
        let total = runs.count
        DispatchQueue.concurrentPerform(iterations: Swift.max(1, Swift.min(threads, total))) { _ in
            while true {
                let slot = next.add(1, ordering: .relaxed).oldValue
                guard slot < total else { return }
                let outcome = SweepOutcome(sweep, plans: plans, run: runs[slot], identity: identity)
                let done = results.withLock { finished -> Int in
                    finished[outcome.run] = outcome
                    return finished.count
                }
                progress(done, total)
            }
        }
        return results.withLock { finished in runs.compactMap { finished[$0] } }
    }
}
