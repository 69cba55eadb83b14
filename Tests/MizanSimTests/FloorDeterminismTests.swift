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
}
