import Testing
@testable import MizanSim

/// One seed, one trace: the same seed twice gives byte-identical traces.
@Suite struct FloorDeterminismTests {
    static func checkout(tills: Int) -> FloorPlan {
        var plan = FloorPlan(tills: FloorPlan.row(count: tills), payers: .queues(meanGap: .seconds(8), idle: 0), duration: .seconds(60))
        plan.radio.ricianKdB = 7
        plan.radio.linkShadowingSigma = 3
        plan.payerBehaviour.phoneOffsetSigma = 4
        return plan
    }

    @Test(arguments: [1, 50])
    func theSameSeedGivesByteIdenticalTraces(tills: Int) throws {
        let first = try FloorRun(Self.checkout(tills: tills), seed: 7)
        let second = try FloorRun(Self.checkout(tills: tills), seed: 7)
        #expect(first.trace.count > 50)
        #expect(first.trace == second.trace)
        #expect(first.report.transactions > 0)
    }

    /// Each run has its own executor, clock and actors: two runs driven by
    /// two threads at once give the traces they give one after the other.
    @Test func twoRunsOnTwoThreadsAtOnceEqualTheSameRunsInTurn() async throws {
        let plans = [(Self.checkout(tills: 5), UInt64(7)), (Self.checkout(tills: 5), UInt64(8))]
        let inTurn = try plans.map { try FloorRun($0.0, seed: $0.1).trace }
        async let first = Task.detached { try FloorRun(plans[0].0, seed: plans[0].1).trace }.value
        async let second = Task.detached { try FloorRun(plans[1].0, seed: plans[1].1).trace }.value
        let atOnce = try await [first, second]
        #expect(atOnce == inTurn)
        #expect(inTurn[0] != inTurn[1])
    }

    /// A run asked to stop (Ctrl-C) ends within a few thousand timers, inside its virtual second,
    /// and reports what ran up to there: the same as a run given that length.
    @Test func aRunAskedToStopEndsWhereItIs() throws {
        var asked = 0
        let stoppedFloor = try Floor(plan: Self.checkout(tills: 20), seed: 7)
        let stopped = stoppedFloor.run(stopping: { asked += 1; return asked == 2 })
        #expect(asked == 2)
        #expect(stoppedFloor.interrupted)
        // Inside a virtual second, not at the plan's end.
        #expect(stopped.simulated > .zero && stopped.simulated < .seconds(60))
        #expect(stopped.simulated != .seconds(Int64(stopped.simulated / .seconds(1))))
        let wholeFloor = try Floor(plan: Self.checkout(tills: 20), seed: 7)
        let whole = wholeFloor.run(stopping: { false })
        #expect(whole.simulated == .seconds(60))
        #expect(!wholeFloor.interrupted)
    }

    @Test func anotherSeedGivesAnotherTrace() throws {
        let first = try FloorRun(Self.checkout(tills: 5), seed: 7)
        let other = try FloorRun(Self.checkout(tills: 5), seed: 8)
        #expect(first.trace != other.trace)
    }

    /// A busy grid on the faithful radio: phones choose wrong tills, tills refuse
    /// busy phones, so the pool's prepared session keys are sometimes used and
    /// sometimes not; either way the run is the one the seed gives.
    @Test func theTraceIsByteIdenticalAtOneAndFourJobs() throws {
        var plan = FloorPlan(tills: FloorPlan.row(count: 12, spacing: 1), payers: .queues(meanGap: .zero, idle: 40), duration: .seconds(40))
        plan.linkLayer = .faithful(.standard)
        plan.radio.packetSigma = 8
        plan.operators.lockDelay = .zero
        let alone = try FloorRun(plan, seed: 11, jobs: 1)
        let pooled = try FloorRun(plan, seed: 11, jobs: 4)
        #expect(alone.report.successes > 20)
        #expect(alone.report.wrongTillChoices > 0)
        #expect(alone.trace.count > 1_000)
        #expect(pooled.trace == alone.trace)
        #expect(pooled.logs == alone.logs)
        // The pool did the work: key pairs and prepared session keys were
        // taken from it (ready, or still being derived when asked for).
        #expect(alone.cryptoAhead == nil)
        let tally = try #require(pooled.cryptoAhead)
        #expect(tally.pairsReady + tally.pairsNotReady > 0)
        #expect(tally.sessionsReady + tally.sessionsNotReady > 0)
    }
}
