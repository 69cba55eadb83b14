import Foundation
import Testing
@testable import MizanSim
@testable import MizanTime

@Suite("SimulationExecutor and SimulationLoop")
struct SimulationLoopTests {
    @Test("two runs of the same actors and seed give byte-identical traces")
    func sameSeedSameTrace() {
        let first = pingPongTrace(seed: 42, rounds: 300)
        let second = pingPongTrace(seed: 42, rounds: 300)
        #expect(first.count > 10_000)
        #expect(first == second)
        #expect(first != pingPongTrace(seed: 43, rounds: 300))
    }

    @Test("two loops running at once on two threads give the same bytes as a run alone")
    func parallelRunsAreIndependent() {
        let alone = pingPongTrace(seed: 7, rounds: 2000)
        let results = Shared<[Int: [UInt8]]>([:])
        let started = DispatchGroup()
        let go = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for index in 0..<2 {
            started.enter()
            finished.enter()
            let thread = Thread {
                started.leave()
                go.wait()  // start both runs together
                let trace = pingPongTrace(seed: 7, rounds: 2000)
                results.update { $0[index] = trace }
                finished.leave()
            }
            thread.start()
        }
        started.wait()
        go.signal()
        go.signal()
        finished.wait()
        let traces = results.value
        #expect(traces[0] == alone)
        #expect(traces[1] == alone)
    }

    @Test("sleep(for: 10 s) ends at exactly 10 s of virtual time")
    func sleepTenSeconds() {
        let loop = SimulationLoop()
        let clock = loop.clock
        let woke = Shared<VirtualInstant?>(nil)
        loop.spawn {
            try? await clock.sleep(for: .seconds(10))
            woke.update { $0 = clock.now }
        }
        loop.runUntilQuiet()
        #expect(woke.value == .start + .seconds(10))
        #expect(clock.now.sinceStart == .seconds(10))
    }

    @Test("a sleeping task wakes on the simulation's driving thread, in a task and in an actor")
    func sleepersWakeOnTheSimulationExecutor() {
        let loop = SimulationLoop()
        let clock = loop.clock
        let executor = loop.executor
        let log = TraceLog(executor: executor, clock: clock)
        let checks = Shared<[Bool]>([])
        loop.spawn {
            try? await clock.sleep(for: .seconds(1))
            checks.update { $0.append(executor.isIsolatingCurrentContext() == true) }
            try? await Task.sleep(until: clock.now + .seconds(1), clock: clock)
            checks.update { $0.append(executor.isIsolatingCurrentContext() == true) }
            async let child = sleepThenCheckExecutor(clock, executor)
            let childCheck = await child
            checks.update { $0.append(childCheck) }
            await log.record("task", "done")
        }
        loop.runUntilQuiet()
        #expect(checks.value == [true, true, true])
        #expect(loop.inspect { log.assumeIsolated { $0.lines } } == ["3.0 seconds task: done"])
    }

    @Test("tasks sleeping until the same instant wake in the order they went to sleep")
    func equalDeadlinesWakeInOrder() {
        let loop = SimulationLoop()
        let clock = loop.clock
        let order = Shared<[Int]>([])
        for index in 0..<20 {
            loop.spawn {
                try? await clock.sleep(until: .start + .seconds(1))
                order.update { $0.append(index) }
            }
        }
        loop.runUntilQuiet()
        #expect(order.value == Array(0..<20))
    }

    @Test("cancelling a sleeping task wakes it at once with CancellationError")
    func cancellationWakesSleeper() {
        let loop = SimulationLoop()
        let clock = loop.clock
        let outcome = Shared<String?>(nil)
        let sleeper = loop.spawn {
            do {
                try await clock.sleep(for: .seconds(60))
                outcome.update { $0 = "woke at \(clock.now)" }
            } catch {
                outcome.update { $0 = "\(type(of: error)) at \(clock.now)" }
            }
        }
        clock.schedule(at: .start + .seconds(5)) { sleeper.cancel() }
        loop.runUntilQuiet()
        #expect(outcome.value == "CancellationError at t+5.0 seconds")
        #expect(clock.pendingTimerCount == 0)
        #expect(clock.now == .start + .seconds(5))
    }

    @Test("a task cancelled before it sleeps throws without waiting")
    func alreadyCancelledSleepThrows() {
        let loop = SimulationLoop()
        let clock = loop.clock
        let threw = Shared(false)
        loop.spawn {
            withUnsafeCurrentTask { $0?.cancel() }
            do { try await clock.sleep(for: .seconds(1)) } catch { threw.update { $0 = true } }
        }
        loop.runUntilQuiet()
        #expect(threw.value)
        #expect(clock.now == .start)
        #expect(clock.pendingTimerCount == 0)
    }

    @Test("nothing runs until the loop runs, and run(until:) leaves later sleepers asleep")
    func nothingRunsBeforeTheLoop() {
        let loop = SimulationLoop()
        let clock = loop.clock
        let steps = Shared<[String]>([])
        loop.spawn {
            steps.update { $0.append("start") }
            try? await clock.sleep(for: .seconds(2))
            steps.update { $0.append("woke") }
        }
        #expect(steps.value.isEmpty)
        #expect(loop.executor.hasRunnableJobs)
        loop.run(until: .start + .seconds(1))
        #expect(steps.value == ["start"])
        #expect(clock.now == .start + .seconds(1))
        loop.run(for: .seconds(1))
        #expect(steps.value == ["start", "woke"])
    }

    @Test("an actor's callback timer runs isolated to the actor, at its deadline")
    func actorCallbackTimers() {
        let loop = SimulationLoop()
        let alarm = Alarm(executor: loop.executor, clock: loop.clock)
        loop.spawn { await alarm.arm(after: .seconds(3), label: "a") }
        loop.spawn { await alarm.arm(after: .seconds(1), label: "b") }
        loop.runUntilQuiet()
        #expect(loop.inspect { alarm.assumeIsolated { $0.rang } } == ["b at t+1.0 seconds", "a at t+3.0 seconds"])
    }

    @Test("shutdown() ends tasks still sleeping, and the loop is then quiet")
    func shutdownEndsSleepers() {
        let loop = SimulationLoop()
        let clock = loop.clock
        let ended = Shared(0)
        for _ in 0..<3 {
            loop.spawn {
                while !Task.isCancelled {
                    do { try await clock.sleep(for: .seconds(1)) } catch { break }
                }
                ended.update { $0 += 1 }
            }
        }
        loop.run(until: .start + .seconds(10))
        #expect(ended.value == 0)
        loop.shutdown()
        #expect(ended.value == 3)
        #expect(clock.pendingTimerCount == 0)
        #expect(!loop.executor.hasRunnableJobs)
    }
}

/// A nonisolated async function (it runs on the task's executor preference):
/// sleeps one virtual second and tells whether it woke on the simulation executor.
private func sleepThenCheckExecutor(_ clock: VirtualClock, _ executor: SimulationExecutor) async -> Bool {
    try? await clock.sleep(for: .seconds(1))
    return executor.isIsolatingCurrentContext() == true
}

/// Sets callback timers that mutate its own state synchronously.
private actor Alarm {
    let executor: SimulationExecutor
    let clock: VirtualClock
    private(set) var rang: [String] = []

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(executor: SimulationExecutor, clock: VirtualClock) {
        self.executor = executor
        self.clock = clock
    }

    func arm(after delay: Duration, label: String) {
        clock.schedule(after: delay) { self.rang.append("\(label) at \(self.clock.now)") }
    }
}
