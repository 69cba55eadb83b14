import MizanTime
import Foundation
import MizanSim
import MizanFormats
#if canImport(Glibc)
import Glibc
#endif

/// `mizan run`: runs a floor and prints how its transactions ended.
enum RunCommand {
    static let usage = """
    usage: mizan run [FLOOR.json] [--seed N] [--out DIR] [--trace FILE] [--jobs J]
                     [--minutes M] [--tills T] [--payers P]

    Runs a floor (the embedded default, a checkout line of 20 tills with a
    stream of payers for 10 virtual minutes, when no file is given) and prints
    how its transactions ended: by ending, times from Start, deadline misses,
    the wrong-till rate, agreement violations and the speed.
      --seed N      the run's seed (default 1): the same seed gives the same run
      --out DIR     also write transactions.jsonl, summary.json, summary.csv,
                    floor.svg, secure-link.svg, timeline.svg, trace.jsonl,
                    trace.perfetto.json (Perfetto, chrome://tracing),
                    report.html (the run to watch in a browser) and
                    air.pcapng (the air, for Wireshark) there,
                    then run.json (floor, seed, build, files) last: only a
                    complete run has it. The files are written in
                    .DIR.partial beside DIR and swapped in when all are
                    there; an earlier run's files in DIR are replaced, and a
                    DIR holding any other file is refused
      --trace FILE  write the trace (one JSON line per event) to FILE (with
                    --out, there instead of DIR/trace.jsonl)
      --jobs J      cores to use (default: all): the run on one, key pairs and
                    session keys derived ahead on the others; the same run,
                    byte for byte, at any J
    \(FloorOptions.help)
    Floor files: docs/floor-files.md; examples in examples/.
    Exit status: 0, or 1 on an agreement violation, 2 on bad input.
    """

    /// Transactions whose records the run keeps for floor.svg, secure-link.svg and timeline.svg.
    static let keptTransactions = 5_000

    static func main(_ arguments: [String]) throws -> Int32 {
        var args = Arguments(command: "mizan run", arguments)
        if args.wantsHelp { print(usage); return 0 }
        let seed = try args.integer("--seed", in: UInt64(0)...UInt64.max) ?? 1
        let outDirectory = try args.folder("--out")
        let tracePath = try args.value("--trace")
        let jobs = try args.integer("--jobs", in: 1...1024) ?? Cores.available
        var floorOptions = try FloorOptions.read(&args)
        floorOptions.path = args.positional()
        try args.finish()
        var outputs = OutputPaths("mizan run")
        outputs.file("--trace", tracePath)
        RunFolder.declare(outDirectory, in: &outputs)
        // The run's files go to a folder beside --out, swapped in when all are written (`RunFolder`).
        let staging = outDirectory.map(RunFolder.staging(for:))
        RunFolder.declare(staging, as: RunFolder.stagingRole, in: &outputs)
        outputs.input(floorOptions.path)
        try outputs.check()
        let (plan, floorDescription) = try floorOptions.load(command: "mizan run")
        var making = OutputPaths("mizan run")
        making.file("--trace", tracePath)
        RunFolder.declare(staging, as: RunFolder.stagingRole, in: &making)
        try making.make()

        // With --out and --trace both, the trace goes where --trace says and the folder's report reads it from there.
        let tracePathUsed = tracePath ?? staging.map { $0 + "/trace.jsonl" }
        let traceFile = try tracePathUsed.map { path throws(InputError) in try OutputFile(path: path) }
        let trace = traceFile.map { file in TraceWriter { file.writeLine($0) } }
        // The timeline keeps the typed events of the transaction it draws, one of the first: memory stays flat.
        let timeline = outDirectory != nil ? TimelineEvents(seed: seed) : nil
        let capture = outDirectory != nil ? AirCapture() : nil
        let floor = try Floor(plan: plan, seed: seed, events: TraceWriter.observer(trace, then: timeline.map { $0.record }), jobs: jobs, air: capture)
        // Transactions go to transactions.jsonl as they settle; the ledger keeps only the first few (for the pictures).
        let transactionsFile = try staging.map { directory throws(InputError) in try OutputFile(path: directory + "/transactions.jsonl") }
        floor.ledger.streamSettled(keepFirst: Self.keptTransactions) { transaction in
            transactionsFile?.writeLine(TransactionsFile.line(transaction))
            timeline?.settled(transaction)
        }
        let progress = Progress(total: plan.duration)
        let clock = ContinuousClock()
        let started = clock.now
        Interrupt.install()
        let report = floor.run(stopping: { Interrupt.requested }) { progress.show($0) }
        let stopped = floor.interrupted
        let wall = started.duration(to: clock.now)
        progress.finish()
        // The last line says the trace is whole: a cut-off trace has none.
        if let trace { FloorTraceFile.end(trace, at: report.simulated, run: TraceIdentity(describing: floorDescription, seed: seed)) }
        try traceFile?.close()
        try transactionsFile?.close()
        print(SummaryText.render(report, wallSeconds: wall.seconds))
        print("phone selection: \(plan.phoneSelection.label)")
        if let outDirectory, let staging {
            let summary = SummaryFile.json(report)
            try TextFile.write(summary, to: staging + "/summary.json")
            try TextFile.write(SummaryFile.csv(report), to: staging + "/summary.csv")
            try TextFile.write(FloorPicture.svg(report), to: staging + "/floor.svg")
            var written = ["transactions.jsonl", "summary.json", "summary.csv", "floor.svg"]
            if let histogram = SecureLinkHistogram.svg(report) {
                try TextFile.write(histogram, to: staging + "/secure-link.svg")
                written.append("secure-link.svg")
            }
            if let transaction = timeline?.transaction {
                try TextFile.write(TimelinePicture.svg(transaction), to: staging + "/timeline.svg")
                written.append("timeline.svg")
            }
            if tracePath == nil { written.append("trace.jsonl") }
            var perfetto = PerfettoTrace()
            var page = ReportPage(report: report, summaryJSON: summary)
            try FloorTraceFile.read(tracePathUsed ?? staging + "/trace.jsonl") { event in
                perfetto.add(event)
                page.add(event)
            }
            try TextFile.write(perfetto.json(), to: staging + "/trace.perfetto.json")
            written.append("trace.perfetto.json")
            let lines = try LineReader(path: staging + "/transactions.jsonl", limited: false)
            while let line = try lines.next() { page.addTransaction(line) }
            try TextFile.write(page.html, to: staging + "/report.html")
            written.append("report.html")
            if let capture {
                try TextFile.write(bytes: capture.pcapng(), to: staging + "/air.pcapng")
                written.append("air.pcapng")
                if capture.dropped > 0 {
                    printError("mizan run: air.pcapng holds the first \(capture.packets) packets (\(AirCapture.defaultCap >> 20) MiB); \(capture.dropped) more were left out")
                }
            }
            try RunFolder.finish(staging, floor: floorOptions.path ?? DefaultFloor.name, seed: seed, options: floorOptions.arguments, files: written,
                                 stoppedAt: stopped ? report.simulated.traceSeconds : nil)
            written.append(RunFolder.marker)
            try RunFolder.swap(staging, into: outDirectory)
            print("wrote \(outDirectory)/: \(written.joined(separator: ", "))" + (tracePath.map { "; the trace: \($0)" } ?? ""))
            if !written.contains("secure-link.svg") {
                print("(no secure-link.svg: " + (report.startToSecureLink.count == 0 ? "no phone reached a secure link)" : "none of the attempts the report keeps reached a secure link)"))
            }
            if !written.contains("timeline.svg") { print("(no timeline.svg: no transaction paired a till and a phone)") }
        }
        if stopped {
            printError("mizan run: stopped by \(Interrupt.name) at \(Figures.text(report.simulated.traceSeconds, digits: 3)) virtual s of \(Figures.text(plan.duration / .seconds(1), digits: 3)): what ran is written, and marked incomplete")
            return Interrupt.status
        }
        if !report.violations.isEmpty {
            let replay = "mizan run" + (floorOptions.path.map { " \($0)" } ?? "") + " --seed \(seed)" + floorOptions.arguments
            printError("mizan run: \(report.violations.count) agreement violation(s); replay with: \(replay) --trace trace.jsonl")
            return 1
        }
        return 0
    }
}
