import Testing
@testable import MizanSim
@testable import MizanRadio
@testable import MizanTime

@Suite("VirtualClock.wait: a sleep without a cancellation handler")
struct VirtualClockWaitTests {
    @Test("waits and sleeps until the same instant wake in the order they began, at that instant")
    func waitsAndSleepsShareOneOrder() {
        let loop = SimulationLoop()
        let clock = loop.clock
        let order = Shared<[String]>([])
        for index in 0..<10 {
            loop.spawn {
                do {
                    if index.isMultiple(of: 2) {
                        try await clock.wait(until: .start + .seconds(1))
                    } else {
                        try await clock.sleep(until: .start + .seconds(1))
                    }
                } catch { return }
                order.update { $0.append("\(index) at \(clock.now)") }
            }
        }
        loop.runUntilQuiet()
        #expect(order.value == (0..<10).map { "\($0) at t+1.0 seconds" })
    }

    @Test("cancelling a waiting task does not wake it early; it wakes at its deadline")
    func cancellationDoesNotWakeAWaiter() {
        let loop = SimulationLoop()
        let clock = loop.clock
        let outcome = Shared<String?>(nil)
        let waiter = loop.spawn {
            do {
                try await clock.wait(for: .seconds(60))
                outcome.update { $0 = "woke at \(clock.now), cancelled: \(Task.isCancelled)" }
            } catch {
                outcome.update { $0 = "\(type(of: error)) at \(clock.now)" }
            }
        }
        clock.schedule(at: .start + .seconds(5)) { waiter.cancel() }
        loop.run(until: .start + .seconds(30))
        #expect(outcome.value == nil)
        #expect(clock.pendingTimerCount == 1)
        loop.runUntilQuiet()
        #expect(outcome.value == "woke at t+60.0 seconds, cancelled: true")
    }

    @Test("shutdown() wakes a waiting task with CancellationError")
    func shutdownEndsWaiters() {
        let loop = SimulationLoop()
        let clock = loop.clock
        let outcome = Shared<String?>(nil)
        loop.start {
            do {
                try await clock.wait(for: .seconds(60))
                outcome.update { $0 = "woke" }
            } catch {
                outcome.update { $0 = "\(type(of: error)) at \(clock.now)" }
            }
        }
        loop.run(until: .start + .seconds(10))
        loop.shutdown()
        #expect(outcome.value == "CancellationError at t+10.0 seconds")
        #expect(clock.pendingTimerCount == 0)
        #expect(!loop.executor.hasRunnableJobs)
    }
}
