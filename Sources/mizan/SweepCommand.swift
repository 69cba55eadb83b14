import MizanTime
import Foundation
import Synchronization
import MizanFormats

/// `mizan sweep`: a grid of floor values times seeds, on every core.
enum SweepCommand {
    static let usage = """
    usage: mizan sweep SWEEP.json [--out FILE [--resume]] [--shard K/N] [--shard-count N] [--jobs J]

    Runs every cell of the sweep's grid with every seed, in parallel (one run
    per core), and writes one JSON line per run, in run order (to FILE, or to
    standard output), then a table of each cell's means. With --out FILE.jsonl,
    also FILE.html: each metric against each swept field, a line per value of
    the other fields, with 95 % intervals over the seeds.
      --shard K/N      run only the K-th of N deterministic slices; join the
                       slices with 'mizan merge'
      --shard-count N  with JOB_COMPLETION_INDEX (a Kubernetes Indexed Job):
                       the number of slices. Under a Slurm job array the slice
                       comes from SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT.
      --jobs J         threads (default: the number of cores)
      --resume         continue an interrupted sweep (killed, or stopped by
                       Ctrl-C) from its .FILE.partial beside FILE: the runs
                       written there are kept (each checked to be this sweep's,
                       of this build, in order), the rest are run; the result
                       is what an unbroken sweep writes
    Ctrl-C or SIGTERM stops at the next clean point (the runs under way end)
    and keeps .FILE.partial for --resume; the exit status is then 130 or 143.
    Sweep files: docs/sweeps.md. Exit status 1 on an agreement violation.
    """

    /// What a command line asks of `mizan sweep`, checked by the command's
    /// own rules before anything runs (the deploy files' test uses it too).
    struct Options {
        var path: String
        var out: String?
        var shard: Shard
        var jobs: Int
        var resume = false
    }

    static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> Options {
        var args = Arguments(command: "mizan sweep", arguments)
        let out = try args.value("--out")
        let shardText = try args.value("--shard")
        let shardCount = try args.integer("--shard-count", in: 1...1_000_000)
        let jobs = try args.integer("--jobs", in: 1...1024) ?? Cores.available
        let resume = try args.flag("--resume")
        guard let path = args.positional() else { throw UsageError("mizan sweep: give a sweep file\n\n\(usage)") }
        try args.finish()
        if resume, out == nil { throw UsageError("mizan sweep: --resume continues the sweep written to --out FILE (from .FILE.partial beside it); give --out") }
        var outputs = OutputPaths("mizan sweep")
        outputs.file("--out", out)
        outputs.file("--out (its report)", out.map(SweepReport.path(beside:)))
        outputs.input(path)
        try outputs.check()
        if shardText != nil, shardCount != nil {
            throw UsageError("mizan sweep: give --shard K/N or --shard-count N (with JOB_COMPLETION_INDEX), not both")
        }
        if shardCount != nil, environment["JOB_COMPLETION_INDEX"] == nil {
            throw UsageError("mizan sweep: --shard-count needs JOB_COMPLETION_INDEX (a Kubernetes Indexed Job); elsewhere give --shard K/N")
        }
        do throws(Shard.Problem) {
            let shard: Shard
            if let shardText {
                shard = try Shard.parse(shardText)
            } else {
                shard = try Shard.fromEnvironment(environment, count: shardCount) ?? .whole
            }
            return Options(path: path, out: out, shard: shard, jobs: jobs, resume: resume)
        } catch {
            throw UsageError("mizan sweep: \(error)")
        }
    }

    static func main(_ arguments: [String]) throws -> Int32 {
        if Arguments(command: "mizan sweep", arguments).wantsHelp { print(usage); return 0 }
        let options = try parse(arguments, environment: ProcessInfo.processInfo.environment)
        let (path, out, shard, jobs) = (options.path, options.out, options.shard, options.jobs)
        let sweep = try SweepFile.load(path: path)
        // The floor file the sweep names is an input too.
        var outputs = OutputPaths("mizan sweep")
        outputs.file("--out", out)
        outputs.file("--out (its report)", out.map(SweepReport.path(beside:)))
        outputs.input(path, sweep.floorPath)
        try outputs.prepare()
        Interrupt.install()
        let progress = Progress(total: .seconds(1))
        // Each line is written as soon as the runs before it are (in run order), then
        // forgotten: the table keeps sums per cell, so memory is flat in the sweep's size.
        var tallied = SweepTally(cells: sweep.cells)
        if out != nil { tallied.report = SweepReport(title: sweep.name) }
        // The runs an interrupted sweep wrote, checked to be this sweep's and counted; none unless resuming.
        var kept = (runs: 0, bytes: 0)
        if options.resume { kept = try SweepResume.read(out: out ?? "", sweep: sweep, shard: shard) { tallied.count($0) } }
        if !options.resume, let out, TextFile.exists(TextFile.partialPath(for: out)) {
            printError("mizan sweep: \(TextFile.partialPath(for: out)) holds an interrupted sweep; starting again (--resume continues it)")
        }
        tallied.file = try out.map { path throws(InputError) in try OutputFile(path: path, keeping: options.resume ? kept.bytes : nil) }
        let tally = Mutex(tallied)
        try SweepRunner.run(sweep, shard: shard, threads: jobs, from: kept.runs, stopping: { Interrupt.requested }, progress: { done, total in
            progress.show(.seconds(Double(done) / Double(total)))
        }, emit: { outcome in tally.withLock { $0.add(outcome, of: sweep) } })
        progress.finish()
        let total = shard.runs(of: sweep.runs)
        let stopped = Interrupt.requested && tally.withLock { $0.runs } < total
        // The report is written before the lines are renamed into place: a kill between the two
        // leaves the partial, which --resume takes on (and writes the same report again).
        if !stopped, let out, let report = tally.withLock({ $0.report }) { try TextFile.write(report.html, to: SweepReport.path(beside: out)) }
        let (totals, runs, violations, first) = try tally.withLock { tally throws(InputError) in
            if stopped { try tally.file?.keepPartial() } else { try tally.file?.close() }
            return (tally.totals, tally.runs, tally.violations, tally.first)
        }
        if stopped {
            printError(SweepTable.render(sweep, totals))
            let partial = out.map { " in \(TextFile.partialPath(for: $0)); continue with the same command and --resume" } ?? ""
            printError("mizan sweep: stopped by \(Interrupt.name): \(runs) of \(total) runs written\(partial)")
            return Interrupt.status
        }
        if let out {
            print(SweepTable.render(sweep, totals))
            print("\(runs) runs (shard \(shard)) of \(sweep.runs) written to \(out), charts in \(SweepReport.path(beside: out))")
        } else {
            printError(SweepTable.render(sweep, totals))
        }
        // Flat in the sweep's size (Benchmarks/sweep-memory.sh measures it).
        printError("mizan sweep: peak memory \(ProcessStatus.peakMemoryBytes >> 20) MiB")
        if violations > 0, let first {
            printError("mizan sweep: \(violations) agreement violation(s); first in cell \(first.cell + 1), seed \(first.seed)")
            return 1
        }
        return 0
    }
}

/// What a sweep keeps while it runs: the output file (its lines are written in
/// run order, then forgotten), the table's sums per cell, and the first run
/// with an agreement violation.
struct SweepTally {
    var totals: SweepTable.Totals
    var runs = 0
    var violations = 0
    var first: SweepOutcome?
    var file: OutputFile?
    /// The charts of `--out`'s report (`SweepReport`): sums per cell, as the table.
    var report: SweepReport?

    init(cells: Int, file: OutputFile? = nil) {
        totals = SweepTable.Totals(cells: cells)
        self.file = file
    }

    /// Writes a run's line and counts it, as its line reads (`count`).
    mutating func add(_ outcome: SweepOutcome, of sweep: SweepPlan) {
        if let file { file.writeLine(outcome.line) } else { print(outcome.line) }
        count(SweepOutcome(line: outcome.line) ?? outcome)
    }

    /// Counts a run already written: its figures as its line has them, so a
    /// resumed sweep's table and report are an unbroken one's.
    mutating func count(_ outcome: SweepOutcome) {
        totals.add(outcome)
        report?.add(line: outcome.line)
        runs += 1
        violations += outcome.violations
        if outcome.violations > 0, first == nil { first = outcome }
    }
}
