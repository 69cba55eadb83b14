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
    }
}
