import Testing
@testable import MizanSim
import MizanFormats

/// A ledger that streams its settled transactions and forgets them reports
/// what one that keeps every record does, and streams the same lines.
@Suite struct StreamingLedgerTests {
    static func plan() -> FloorPlan {
        var plan = FloorPlan(tills: FloorPlan.row(count: 8, spacing: 1), payers: .queues(meanGap: .seconds(2), idle: 20), duration: .seconds(120))
        plan.radio.packetSigma = 9
        plan.payerBehaviour.confirmProbability = 0.8
        plan.linkLayer = .faithful(.standard)
        return plan
    }

    @Test func aStreamingLedgerReportsAndWritesWhatAKeepingOneDoes() throws {
        let kept = try Floor(plan: Self.plan(), seed: 21).run(drain: true)
        let floor = try Floor(plan: Self.plan(), seed: 21)
        var streamed: [String] = []
        floor.ledger.streamSettled(keepFirst: 3) { streamed.append(TransactionsFile.line($0)) }
        let report = floor.run(drain: true)
        #expect(kept.transactions > 50)
        #expect(streamed == TransactionsFile.lines(kept))
        #expect(report.transactions == kept.transactions)
        #expect(report.byEnding.map(\.count) == kept.byEnding.map(\.count))
        #expect(report.byEnding.map(\.ending) == kept.byEnding.map(\.ending))
        #expect(report.startToSecureLink == kept.startToSecureLink)
        #expect(report.startToResult == kept.startToResult)
        #expect(report.byPlatform.map(\.platform) == kept.byPlatform.map(\.platform))
        #expect(report.byPlatform.map(\.connectToSubscribed) == kept.byPlatform.map(\.connectToSubscribed))
        #expect(report.byPlatform.map(\.startToResult) == kept.byPlatform.map(\.startToResult))
        #expect(report.deadlineMissesByCause.map(\.count) == kept.deadlineMissesByCause.map(\.count))
        #expect(report.phoneDeadlineMisses == kept.phoneDeadlineMisses)
        #expect(report.wrongTillChoices == kept.wrongTillChoices)
        #expect(report.attemptsWithChoice == kept.attemptsWithChoice)
        #expect(report.successes == kept.successes)
        #expect(report.hostCountdownExpiries == kept.hostCountdownExpiries)
        #expect(report.ledger.settled.count == 3)
        #expect(report.ledger.attempts.count == 3)
    }
}
