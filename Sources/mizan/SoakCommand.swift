import MizanTime
import Dispatch
import Foundation
import MizanFormats
import Synchronization

/// `mizan soak`: random floors with random faults, each run by `mizan run` in
/// a child process (so a trap is caught, with its seed); a failure is shrunk
/// to a minimal floor file and the command that replays it is printed.
enum SoakCommand {
    static let usage = """
    usage: mizan soak [--runs N] [--minutes M] [--jobs J] [--first-seed S] [--out DIR]

    Runs random floors (1 to 6 tills, pairs or Poisson arrivals, 6 to 60
    virtual seconds) with random faults: each run first draws which kinds of
    fault are on (swarm testing), then up to three of each. Each run is
    'mizan soak --check FLOOR --seed S' in a child process: the floor runs to
    its end, then on (starting nothing new, up to 600 virtual seconds) until
    every transaction under way has ended. A run fails on an agreement
    violation (exit 1), a refused floor (exit 2: a soak bug), a transaction
    that never ended on both sides (exit 3), an ending not checked by the
    agreement rule exactly once (exit 4) or a trap (a signal). A failure is
    shrunk (fewer faults, fewer tills, less time) to a minimal floor file in
    DIR, and the replay command is printed.
      --runs N         how many runs (default 100)
      --minutes M      stop starting runs after M wall-clock minutes
      --jobs J         child processes at once (default: the number of cores)
      --first-seed S   the runs take seeds S, S + 1, ... (default 1)
      --out DIR        where shrunk floors go (default: the system's temporary folder)
      --check FLOOR    run one floor (with --seed S) and check it as above, in this process
    Exit status: 0 when every run passed, 1 on a failure, 2 on bad input or a
    run that could not be started (no child process, no floor file written).
    """

    enum Outcome: Equatable, Sendable, CustomStringConvertible {
        case passed, violation, refused, neverEnded, settledWrongly, trapped(Int32), exited(Int32)
        /// The child could not be started (its floor file not written, the process not launched): no finding about the floor.
        case notRun(String)
        var description: String {
            switch self {
            case .passed: "passed"
            case .violation: "agreement violation"
            case .refused: "floor refused (a soak bug)"
            case .neverEnded: "a transaction never ended"
            case .settledWrongly: "an ending not settled exactly once"
            case let .trapped(signal): "trapped (signal \(signal))"
            case let .exited(code): "exit status \(code)"
            case let .notRun(reason): "not run: \(reason)"
            }
        }
    }

    static func main(_ arguments: [String]) throws -> Int32 {
        var args = Arguments(command: "mizan soak", arguments)
        if args.wantsHelp { print(usage); return 0 }
        if let floor = try args.value("--check") {
            let seed = try args.integer("--seed", in: UInt64(0)...UInt64.max) ?? 1
            let other = "a soak of many runs (mizan soak without --check)"
            try args.finish(elsewhere: ["--runs", "--minutes", "--jobs", "--first-seed", "--out"].map { ($0, other) })
            return try check(floor: floor, seed: seed)
        }
        let runs = try args.integer("--runs", in: 1...100_000_000) ?? 100
        let minutes = try args.number("--minutes", in: 0.01...100_000)
        let jobs = try args.integer("--jobs", in: 1...1024) ?? Cores.available
        let firstSeed = try args.integer("--first-seed", in: UInt64(0)...UInt64(UInt32.max)) ?? 1
        let out = try args.folder("--out") ?? NSTemporaryDirectory() + "mizan-soak"
        try args.finish(elsewhere: [("--seed", "one floor's check (mizan soak --check FLOOR --seed S); a soak of many runs takes --first-seed")])
        var outputs = OutputPaths("mizan soak")
        outputs.folder("--out", out, writing: [])
        try outputs.prepare()

        let clock = ContinuousClock()
        let deadline = minutes.map { clock.now + .seconds($0 * 60) }
        Interrupt.install()
        let next = Atomic<Int>(0)
        let failures = Mutex<[(seed: UInt64, outcome: Outcome)]>([])
        let passed = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: Swift.max(1, Swift.min(jobs, runs))) { worker in
            while true {
                let run = next.add(1, ordering: .relaxed).oldValue
                guard run < runs, !Interrupt.requested, failures.withLock({ $0.isEmpty }), deadline.map({ clock.now < $0 }) ?? true else { return }
                let seed = firstSeed + UInt64(run)
                let outcome = Self.run(SoakCase.draw(seed: seed), seed: seed, folder: out, name: "worker-\(worker)")
                // A child the same Ctrl-C reached says nothing about its floor.
                if Interrupt.requested { return }
                if outcome == .passed { passed.add(1, ordering: .relaxed) } else { failures.withLock { $0.append((seed, outcome)) } }
            }
        }
        let failed = failures.withLock { $0.sorted { $0.seed < $1.seed } }
        if Interrupt.requested, failed.isEmpty {
            printError("mizan soak: stopped by \(Interrupt.name) after \(passed.load(ordering: .relaxed)) runs, no failure so far (seeds \(firstSeed) on)")
            return Interrupt.status
        }
        guard let first = failed.first else {
            print("mizan soak: \(passed.load(ordering: .relaxed)) runs, no failure (seeds \(firstSeed) on)")
            return 0
        }
        if case let .notRun(reason) = first.outcome {
            printError("mizan soak: seed \(first.seed) could not be run (\(reason)): nothing was found about the floors; no shrinking")
            return 2
        }
        let found = SoakCase.draw(seed: first.seed)
        printError("mizan soak: seed \(first.seed): \(first.outcome) with \(found.tills) tills, \(found.faults.count) faults; shrinking")
        let shrunk = SoakCase.shrink(found) { Self.run($0, seed: first.seed, folder: out, name: "shrink") == first.outcome }
        let path = out + "/soak-seed-\(first.seed).json"
        try TextFile.write(shrunk.floorJSON, to: path)
        printError("mizan soak: shrunk to \(shrunk.tills) till(s), \(shrunk.faults.count) fault(s), \(shrunk.minutes) min: \(path)")
        printError("check: mizan soak --check \(path) --seed \(first.seed)")
        printError("replay: mizan run \(path) --seed \(first.seed) --trace trace.jsonl")
        return 1
    }

    /// `--check`: runs the floor with its seed, lets it drain, and prints what `SoakCheck` finds.
    static func check(floor path: String, seed: UInt64) throws -> Int32 {
        let plan = try FloorFile.load(path: path)
        let findings = SoakCheck.findings(try SoakCheck.Books(running: plan, seed: seed))
        for finding in findings.prefix(10) { printError("mizan soak: \(path), seed \(seed): \(finding)") }
        return findings.first?.exitStatus ?? 0
    }

    /// Runs one case in a child `mizan soak --check`.
    static func run(_ soak: SoakCase, seed: UInt64, folder: String, name: String) -> Outcome {
        let path = folder + "/" + name + ".json"
        do throws(InputError) { try TextFile.write(soak.floorJSON, to: path) } catch { return .notRun("cannot write its floor file: \(error)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["soak", "--check", path, "--seed", String(seed)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return .notRun("cannot start mizan soak --check: \(error.localizedDescription)") }
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal { return .trapped(process.terminationStatus) }
        switch process.terminationStatus {
        case 0: return .passed
        case 1: return .violation
        case 2: return .refused
        case 3: return .neverEnded
        case 4: return .settledWrongly
        case let code: return .exited(code)
        }
    }
}
