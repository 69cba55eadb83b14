import MizanFloor
import Testing
@testable import FloorExamples

@Suite(.serialized) struct ScenarioTests {
    @Test func aPayerWhoTapsStartHalfwayPaysAtTheTillTheyWalkTo() throws {
        let outcome = try Scenarios.walkAndTapHalfway(seed: 1)
        let settled = outcome.report.ledger.settled
        let paid = settled.filter { $0.pair.host?.screen == .paid && $0.pair.phone?.screen == .paid }
        #expect(paid.count == 1)
        #expect(outcome.report.violations.isEmpty)
        #expect(outcome.report.ledger.attempts.first?.chosenTill == 1)
        #expect(outcome.trace.contains { $0.contains(#""event":"payer walks""#) })
    }

    @Test func theOperatorCancelsAPayerWhoTakesLongerThanFiveSecondsToDecide() throws {
        let slow = try Scenarios.impatientOperator(reading: .seconds(8), seed: 1)
        #expect(slow.report.ledger.settled.map(\.pair.host?.screen) == [.cancelled])
        #expect(slow.report.violations.isEmpty)
        let quick = try Scenarios.impatientOperator(reading: .seconds(3), seed: 1)
        #expect(quick.report.ledger.settled.map(\.pair.host?.screen) == [.paid])
    }

    @Test func aScenarioGivesTheSameTraceForTheSameSeed() throws {
        #expect(try Scenarios.walkAndTapHalfway(seed: 5).trace == Scenarios.walkAndTapHalfway(seed: 5).trace)
    }
}
