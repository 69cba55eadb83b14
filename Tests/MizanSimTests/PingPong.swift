@testable import MizanSim
@testable import MizanTime

/// The shared trace of one test run: an actor on the run's executor.
actor TraceLog {
    let executor: SimulationExecutor
    let clock: VirtualClock
    private(set) var lines: [String] = []

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(executor: SimulationExecutor, clock: VirtualClock) {
        self.executor = executor
        self.clock = clock
    }

    func record(_ who: String, _ what: String) {
        lines.append("\(clock.now.sinceStart) \(who): \(what)")
    }
}

/// Answers each ping after a random virtual delay; several pings overlap, so
/// the actor's reentrancy interleaves them.
actor Ponger {
    let executor: SimulationExecutor
    let clock: VirtualClock
    let log: TraceLog
    private var generator: SeededGenerator
    private var served = 0

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(executor: SimulationExecutor, clock: VirtualClock, log: TraceLog, generator: SeededGenerator) {
        self.executor = executor
        self.clock = clock
        self.log = log
        self.generator = generator
    }

    func ping(_ round: Int, from sender: String) async -> Int {
        await log.record("pong", "got \(round) from \(sender)")
        let delay = Duration.milliseconds(Int64(generator.next(upperBound: UInt64(4))))
        // Through the Clock protocol (the generic path), as library code would.
        try? await Task.sleep(for: delay, clock: clock)
        served += 1
        await log.record("pong", "answers \(round) to \(sender) (served \(served))")
        return served
    }
}

/// Sends pings after random virtual gaps (often zero, so deadlines tie).
actor Pinger {
    let name: String
    let executor: SimulationExecutor
    let clock: VirtualClock
    let log: TraceLog
    let peer: Ponger
    private var generator: SeededGenerator

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(name: String, executor: SimulationExecutor, clock: VirtualClock, log: TraceLog, peer: Ponger, generator: SeededGenerator) {
        self.name = name
        self.executor = executor
        self.clock = clock
        self.log = log
        self.peer = peer
        self.generator = generator
    }

    func run(rounds: Int) async {
        for round in 0..<rounds {
            let gap = Duration.milliseconds(Int64(generator.next(upperBound: UInt64(3))))
            try? await clock.sleep(for: gap)
            await log.record(name, "sends \(round)")
            let served = await peer.ping(round, from: name)
            await log.record(name, "answer to \(round): served \(served)")
        }
    }
}

/// One ping-pong run: three pingers, one ponger, a callback heartbeat; returns
/// the trace as bytes.
func pingPongTrace(seed: UInt64, rounds: Int) -> [UInt8] {
    let loop = SimulationLoop()
    let root = SeededGenerator(seed: seed)
    let log = TraceLog(executor: loop.executor, clock: loop.clock)
    let ponger = Ponger(executor: loop.executor, clock: loop.clock, log: log, generator: root.split("pong"))
    for name in ["ping-a", "ping-b", "ping-c"] {
        let pinger = Pinger(
            name: name, executor: loop.executor, clock: loop.clock, log: log, peer: ponger, generator: root.split(name)
        )
        loop.spawn { await pinger.run(rounds: rounds) }
    }
    // A plain callback timer that writes to the trace synchronously.
    let clock = loop.clock
    var beats = 0
    func beat() {
        beats += 1
        log.assumeIsolated { $0.record("heartbeat", "\(beats)") }
        if beats < rounds { clock.schedule(after: .milliseconds(7)) { beat() } }
    }
    clock.schedule(after: .milliseconds(7)) { beat() }
    loop.runUntilQuiet()
    let lines = loop.inspect { log.assumeIsolated { $0.lines } }
    loop.shutdown()
    return Array(lines.joined(separator: "\n").utf8)
}
