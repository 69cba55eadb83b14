import Dispatch
import Synchronization
import MizanFormats
import MizanSim

/// Runs a sweep's runs in parallel, one floor per thread, each on its own
/// simulation loop, and returns each run's line of JSON in run order: the same
/// lines whatever the shard or the number of threads.
enum SweepRunner {
    /// Runs the shard's runs on `threads` threads and hands each outcome to
    /// `emit` in run order, one at a time, as soon as every run before it has
    /// been handed over: memory holds the runs under way and those finished
    /// ahead of a slower one, not the sweep. Every cell's floor is read (and
    /// refused if bad) before any runs; then each thread holds the floor of
    /// the cell it runs (runs go cell by cell), never every cell's at once (a
    /// position strategy's map can be large).
    ///
    /// From slot `first` on (the runs before it are an interrupted sweep's,
    /// already written); a run is claimed only while `stopping()` is false, so
    /// a stop leaves every run handed over before the first one not run.
    static func run(_ sweep: SweepPlan, shard: Shard = .whole, threads: Int, from first: Int = 0,
                    stopping: @escaping @Sendable () -> Bool = { false },
                    progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
                    emit: @escaping @Sendable (SweepOutcome) -> Void) throws(JSONFileError) {
        for cell in 0..<sweep.cells { _ = try sweep.plan(ofCell: cell) }
        // The shard's runs by slot, computed, not listed: memory stays flat in the sweep's size.
        let total = shard.runs(of: sweep.runs)
        let identity = (sweep: SweepIdentity.digest(sweep), build: Build.identity)
        // The outcomes finished ahead of their turn, by slot, and the next slot to hand over.
        let ahead = Mutex<(waiting: [Int: SweepOutcome], next: Int, done: Int)>(([:], first, first))
        let claim = Atomic<Int>(first)
        DispatchQueue.concurrentPerform(iterations: Swift.max(1, Swift.min(threads, total - first))) { _ in
            var held: (cell: Int, plan: FloorPlan)?
            while !stopping() {
                let slot = claim.add(1, ordering: .relaxed).oldValue
                guard slot < total else { return }
                let run = shard.run(atSlot: slot), cell = run / sweep.seeds
                if held?.cell != cell {
                    held = nil  // the last cell's floor goes before the next one's is built
                    // Read once already: it cannot fail now, and a run that finds otherwise says so in its line.
                    held = (try? sweep.plan(ofCell: cell)).map { (cell, $0) }
                }
                let outcome = SweepOutcome(sweep, plan: held?.plan, run: run, identity: identity)
                let done = ahead.withLock { state -> Int in
                    state.waiting[slot] = outcome
                    while let next = state.waiting.removeValue(forKey: state.next) {
                        emit(next)
                        state.next += 1
                    }
                    state.done += 1
                    return state.done
                }
                progress(done, total)
            }
        }
    }

    /// Every outcome of the shard, in run order (for tests and small sweeps).
    static func run(_ sweep: SweepPlan, shard: Shard = .whole, threads: Int) throws(JSONFileError) -> [SweepOutcome] {
        let outcomes = Mutex<[SweepOutcome]>([])
        try run(sweep, shard: shard, threads: threads) { outcome in outcomes.withLock { $0.append(outcome) } }
        return outcomes.withLock { $0 }
    }
}

