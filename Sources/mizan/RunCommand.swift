import MizanProtocol
import MizanSim
#if canImport(Glibc)
import Glibc
#endif

/// `mizan run`: runs a floor and prints how its transactions ended.
enum RunCommand {
    static let usage = """
    usage: mizan run [--seed N] [--tills T] [--payers P] [--minutes M] [--trace FILE]

    Runs a checkout line of T tills (2 m apart) with P payers taking turns at
    them for M virtual minutes, and prints how every transaction ended.
      --seed N      the run's seed (default 1); the same seed gives the same run
      --tills T     tills in the line (default 20)
      --payers P    payers on the floor (default 60)
      --minutes M   virtual minutes to simulate (default 10)
      --trace FILE  write the trace: one JSON line per event
    """

    static func main(_ arguments: [String]) throws -> Int32 {
        var args = Arguments(command: "mizan run", arguments)
        if args.wantsHelp { print(usage); return 0 }
        let seed = try args.integer("--seed", in: UInt64(0)...UInt64.max) ?? 1
        let tills = try args.integer("--tills", in: 1...10_000) ?? 20
        let payers = try args.integer("--payers", in: 1...1_000_000) ?? 60
        let minutes = try args.number("--minutes", in: 0.001...100_000) ?? 10
        let tracePath = try args.value("--trace")
        try args.finish()

        var plan = FloorPlan(tills: FloorPlan.row(count: tills), payers: .queues(meanGap: .zero, idle: payers),
                             duration: .seconds(minutes * 60))
        plan.radio = RadioParameters()
        let output = try tracePath.map { path throws(FileError) in try OutputFile(path: path) }
        let trace = output.map { file in TraceWriter { file.writeLine($0) } }
        let floor = try Floor(plan: plan, seed: seed, trace: trace)
        let progress = Progress(total: plan.duration)
        let clock = ContinuousClock()
        let started = clock.now
        let report = floor.run { progress.show($0) }
        let wall = started.duration(to: clock.now)
        progress.finish()
        try output?.close()
        print(SummaryText.render(report, wallSeconds: wall.seconds))
        if !report.violations.isEmpty {
            printError("mizan run: \(report.violations.count) agreement violation(s); replay with: mizan run --seed \(seed) --tills \(tills) --payers \(payers) --minutes \(minutes) --trace trace.jsonl")
            return 1
        }
        return 0
    }
}
