import Testing
@testable import MizanSim
@testable import MizanRadio
@testable import MizanTime

@Suite("TimerQueue and callback timers")
struct TimerQueueTests {
    private func at(_ milliseconds: Int64) -> VirtualInstant {
        .start + .milliseconds(milliseconds)
    }

    @Test("timers pop in (deadline, insertion) order, equal deadlines in insertion order")
    func popsInDeadlineThenInsertionOrder() {
        var queue = TimerQueue<Int>()
        var generator = SeededGenerator(seed: 1)
        var expected: [(deadline: Int64, index: Int)] = []
        for index in 0..<2000 {
            // Few distinct deadlines, so many ties.
            let deadline = Int64(generator.next(upperBound: UInt64(50)))
            _ = queue.insert(index, at: at(deadline))
            expected.append((deadline, index))
        }
        expected.sort { ($0.deadline, $0.index) < ($1.deadline, $1.index) }
        var popped: [Int] = []
        while let (deadline, index) = queue.popFirst() {
            #expect(deadline == at(expected[popped.count].deadline))
            popped.append(index)
        }
        #expect(popped == expected.map(\.index))
        #expect(queue.isEmpty)
    }

    @Test("cancelled timers never pop; the rest keep their order")
    func cancelRemovesExactlyThatTimer() {
        var queue = TimerQueue<Int>()
        var generator = SeededGenerator(seed: 2)
        var ids: [TimerID] = []
        var deadlines: [Int64] = []
        for index in 0..<1000 {
            let deadline = Int64(generator.next(upperBound: UInt64(100)))
            ids.append(queue.insert(index, at: at(deadline)))
            deadlines.append(deadline)
        }
        var cancelled = Set<Int>()
        for index in stride(from: 0, to: 1000, by: 3) {
            #expect(queue.remove(ids[index]) == index)
            cancelled.insert(index)
        }
        #expect(queue.remove(ids[0]) == nil)  // twice
        #expect(queue.count == 1000 - cancelled.count)
        let expected = (0..<1000).filter { !cancelled.contains($0) }
            .sorted { (deadlines[$0], $0) < (deadlines[$1], $1) }
        var popped: [Int] = []
        while let (_, index) = queue.popFirst() { popped.append(index) }
        #expect(popped == expected)
    }

    @Test("a stale identifier does not cancel the timer that reuses its slot")
    func staleIdentifierMatchesNothing() {
        var queue = TimerQueue<String>()
        let old = queue.insert("old", at: at(1))
        #expect(queue.popFirst()?.payload == "old")
        let new = queue.insert("new", at: at(2))
        #expect(new.slot == old.slot)  // the slot was reused
        #expect(queue.remove(old) == nil)
        #expect(queue.count == 1)
        #expect(queue.remove(new) == "new")
    }

    @Test("popFirst(notAfter:) leaves timers after the limit")
    func popRespectsLimit() {
        var queue = TimerQueue<Int>()
        _ = queue.insert(1, at: at(10))
        _ = queue.insert(2, at: at(20))
        #expect(queue.popFirst(notAfter: at(15))?.payload == 1)
        #expect(queue.popFirst(notAfter: at(15)) == nil)
        #expect(queue.nextDeadline == at(20))
    }

    @Test("callback timers fire in (deadline, insertion) order with now equal to each deadline")
    func callbacksFireInOrderAtTheirDeadlines() {
        let loop = SimulationLoop()
        let clock = loop.clock
        var fired: [(label: String, now: VirtualInstant)] = []
        clock.schedule(at: at(30)) { fired.append(("c", clock.now)) }
        clock.schedule(at: at(10)) { fired.append(("a", clock.now)) }
        clock.schedule(at: at(30)) { fired.append(("d", clock.now)) }
        clock.schedule(at: at(10)) { fired.append(("b", clock.now)) }
        clock.schedule(at: at(20)) {
            fired.append(("e", clock.now))
            // Set while firing: same deadline as a pending timer, so after it.
            clock.schedule(at: at(30)) { fired.append(("f", clock.now)) }
            // A deadline in the past fires at now, after the timers already due now.
            clock.schedule(at: at(5)) { fired.append(("g", clock.now)) }
        }
        loop.runUntilQuiet()
        #expect(fired.map(\.label) == ["a", "b", "e", "g", "c", "d", "f"])
        #expect(fired.map(\.now) == [at(10), at(10), at(20), at(20), at(30), at(30), at(30)])
        #expect(clock.now == at(30))
        #expect(clock.timersFired == 7)
    }

    @Test("now never moves backwards over many random timers, and each fires at its deadline")
    func nowIsMonotonic() {
        let loop = SimulationLoop()
        let clock = loop.clock
        var generator = SeededGenerator(seed: 3)
        var previous = VirtualInstant.start
        var violations = 0
        var fired = 0
        func arm(depth: Int) {
            let deadline = clock.now + .microseconds(Int64(generator.next(upperBound: UInt64(1000))))
            clock.schedule(at: deadline) {
                if clock.now < previous || clock.now != deadline { violations += 1 }
                previous = clock.now
                fired += 1
                if depth < 3 { arm(depth: depth + 1); arm(depth: depth + 1) }
            }
        }
        for _ in 0..<100 { arm(depth: 0) }
        loop.runUntilQuiet()
        #expect(fired == 100 * 15)
        #expect(violations == 0)
    }

    @Test("cancel stops a callback timer; cancelling again or after firing returns false")
    func cancelCallback() {
        let loop = SimulationLoop()
        let clock = loop.clock
        var fired: [String] = []
        let kept = clock.schedule(at: at(10)) { fired.append("kept") }
        let dropped = clock.schedule(at: at(10)) { fired.append("dropped") }
        #expect(clock.cancel(dropped))
        #expect(!clock.cancel(dropped))
        #expect(clock.pendingTimerCount == 1)
        loop.runUntilQuiet()
        #expect(fired == ["kept"])
        #expect(!clock.cancel(kept))
    }

    @Test("run(until:) fires timers up to the limit, then sets now to the limit")
    func runUntilStopsAtTheLimit() {
        let loop = SimulationLoop()
        let clock = loop.clock
        var fired: [Int] = []
        clock.schedule(at: at(100)) { fired.append(100) }
        clock.schedule(at: at(200)) { fired.append(200) }
        clock.schedule(at: at(201)) { fired.append(201) }
        loop.run(until: at(200))
        #expect(fired == [100, 200])
        #expect(clock.now == at(200))
        loop.run(for: .milliseconds(50))
        #expect(fired == [100, 200, 201])
        #expect(clock.now == at(250))
        #expect(clock.nextDeadline == nil)
    }
}
