import Testing
@testable import MizanSim
@testable import MizanTime

/// Records the events it is told, with the clock's time.
private final class EventRecorder: TimerTarget {
    let clock: VirtualClock
    var heard: [(event: Int, now: VirtualInstant)] = []
    init(clock: VirtualClock) { self.clock = clock }
    func timerFired(_ event: Int) { heard.append((event, clock.now)) }
}

@Suite("Timers as plain data (TimerTarget) and a device's named timers")
struct TimerDataTests {
    private func at(_ milliseconds: Int64) -> VirtualInstant {
        .start + .milliseconds(milliseconds)
    }

    @Test("data timers and callbacks share one order: (deadline, insertion)")
    func dataTimersInterleaveWithCallbacks() {
        let loop = SimulationLoop()
        let clock = loop.clock
        let recorder = EventRecorder(clock: clock)
        var order: [String] = []
        clock.schedule(at: at(20), target: recorder, event: 2)
        clock.schedule(at: at(10)) { order.append("callback 10") }
        clock.schedule(at: at(10), target: recorder, event: 1)
        clock.schedule(at: at(20)) { order.append("callback 20 (\(recorder.heard.count) events before)") }
        // A deadline in the past fires at now.
        loop.run(until: at(15))
        clock.schedule(at: at(5), target: recorder, event: 3)
        loop.runUntilQuiet()
        #expect(recorder.heard.map(\.event) == [1, 3, 2])
        #expect(recorder.heard.map(\.now) == [at(10), at(15), at(20)])
        #expect(order == ["callback 10", "callback 20 (3 events before)"])
        #expect(clock.timersFired == 5)
    }

    @Test("a run asked to stop ends where it is, every thousand timers or so, even at one instant forever")
    func runStopsWhenAsked() {
        /// Sets itself again at the same instant each time it fires: virtual time never moves on.
        final class Relentless: TimerTarget {
            let clock: VirtualClock
            var fired = 0
            init(clock: VirtualClock) { self.clock = clock }
            func timerFired(_ event: Int) {
                fired += 1
                clock.schedule(at: clock.now, target: self, event: event)
            }
        }
        let loop = SimulationLoop()
        let clock = loop.clock
        let relentless = Relentless(clock: clock)
        clock.schedule(at: at(10), target: relentless, event: 1)
        var asked = 0
        #expect(!loop.run(until: at(1_000)) { asked += 1; return asked == 3 })
        #expect(asked == 3)
        #expect(relentless.fired == 3 * SimulationLoop.stopCheckInterval - 1)
        #expect(clock.now == at(10))
        // Asked again in a later run, its count started afresh (asked before the timer it counts).
        let before = relentless.fired
        #expect(!loop.run(until: at(1_000)) { true })
        #expect(relentless.fired - before == SimulationLoop.stopCheckInterval - 1)
        // Never asked to stop, a run that ends reaches its limit.
        let quiet = SimulationLoop()
        let recorder = EventRecorder(clock: quiet.clock)
        quiet.clock.schedule(at: at(10), target: recorder, event: 1)
        #expect(quiet.run(until: at(20)) { false })
        #expect(recorder.heard.map(\.now) == [at(10)])
        #expect(quiet.clock.now == at(20))
        loop.shutdown()
    }

    @Test("a cancelled data timer is never told; shutdown drops the pending ones")
    func cancelledDataTimerIsSilent() {
        let loop = SimulationLoop()
        let clock = loop.clock
        let recorder = EventRecorder(clock: clock)
        let dropped = clock.schedule(at: at(10), target: recorder, event: 1)
        clock.schedule(at: at(20), target: recorder, event: 2)
        #expect(clock.cancel(dropped))
        #expect(!clock.cancel(dropped))
        loop.run(until: at(15))
        clock.schedule(at: at(30), target: recorder, event: 3)
        loop.shutdown()
        #expect(recorder.heard.isEmpty)
        #expect(clock.pendingTimerCount == 0)
    }

    @Test("a device's named timer fires once per start; restarting moves it, cancelling stops it")
    func deviceTimersRestartAndCancel() {
        enum Named: Hashable { case first, second, third }
        let loop = SimulationLoop()
        let clock = loop.clock
        let timers = DeviceTimers<Named>(clock: clock)
        var fired: [(Named, VirtualInstant)] = []
        timers.fire = { fired.append(($0, clock.now)) }
        let device = timers.deviceClock
        #expect(timers.isIdle)
        device.start(.first, .milliseconds(10))
        device.start(.second, .milliseconds(20))
        device.start(.third, .milliseconds(30))
        device.start(.first, .milliseconds(40)) // restarts: fires at 40 only
        device.cancel(.third)
        device.cancel(.third) // not running: nothing
        #expect(!timers.isIdle)
        loop.run(until: at(25))
        #expect(fired.map(\.0) == [.second])
        device.start(.second, .milliseconds(5)) // started again after firing
        loop.runUntilQuiet()
        #expect(fired.map(\.0) == [.second, .second, .first])
        #expect(fired.map(\.1) == [at(20), at(30), at(40)])
        #expect(timers.isIdle)
        #expect(clock.now == at(40))
    }
}
