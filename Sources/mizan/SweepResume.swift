import MizanFormats

/// What `mizan sweep --resume` keeps of an interrupted sweep: the complete
/// lines of `.FILE.partial` (a line cut off by a kill is dropped), each
/// checked to be the run this sweep's shard writes there (its number, cell
/// and seed), of this sweep and this build; anything else refuses the resume, naming the line.
enum SweepResume {
    /// Reads the partial beside `out`, handing each kept run to `each` in
    /// order; returns how many runs and how many bytes of the file are kept.
    static func read(out: String, sweep: SweepPlan, shard: Shard, each: (SweepOutcome) -> Void) throws -> (runs: Int, bytes: Int) {
        let path = TextFile.partialPath(for: out)
        guard TextFile.exists(path) else {
            throw UsageError("mizan sweep: no interrupted sweep to resume: \(path) does not exist (run without --resume)")
        }
        let digest = SweepIdentity.digest(sweep), build = Build.identity, total = shard.runs(of: sweep.runs)
        let lines = try LineReader(path: path, limited: false)
        var runs = 0, bytes = 0
        func refuse(_ line: Int, _ problem: String) -> UsageError {
            UsageError("mizan sweep: \(path):\(line): \(problem); it cannot be resumed (run without --resume to start again)")
        }
        func keep(_ line: String, number: Int) throws(UsageError) {
            guard let outcome = SweepOutcome(line: line) else { throw refuse(number, "not a line of a sweep's runs") }
            guard runs < total else { throw refuse(number, "more runs than this sweep's \(total)") }
            let expected = shard.run(atSlot: runs)
            guard outcome.run == expected else { throw refuse(number, "run \(outcome.run + 1) where this sweep writes run \(expected + 1)") }
            let cell = expected / sweep.seeds, seed = sweep.seed(ofRun: expected)
            guard outcome.cell == cell, outcome.seed == seed else {
                throw refuse(number, "run \(expected + 1) in cell \(outcome.cell + 1) with seed \(outcome.seed), where this sweep runs it in cell \(cell + 1) with seed \(seed)")
            }
            guard line.contains("\"sweep\":\"\(digest)\"") else { throw refuse(number, "a run of another sweep (this one is \(digest))") }
            guard line.contains("\"build\":\"\(build)\"") else {
                throw refuse(number, "a run of another build (this one is '\(build)'): its runs could differ")
            }
            each(outcome)
            runs += 1
            bytes += line.utf8.count + 1
        }
        // A line counts once the next one shows it ended with its newline; a last line cut off by a kill is dropped.
        var pending: (line: String, number: Int)?
        while let line = try lines.next() {
            if let last = pending { try keep(last.line, number: last.number) }
            pending = (line, lines.lineNumber)
        }
        if let last = pending, lines.endedWithNewline { try keep(last.line, number: last.number) }
        return (runs, bytes)
    }
}
