import MizanSim
import Testing
@testable import MizanFormats

/// The timeline collects its transaction's typed events during the run: the
/// same events the trace's text gives, and no more than that transaction's.
@Suite struct TimelineEventsTests {
    struct Run {
        let lines: [String]
        let timeline: TimelineEvents
        let report: FloorReport
    }

    static func run(minutes: Int = 2, seed: UInt64 = 4) throws -> Run {
        var plan = try DefaultFloor.plan()
        plan.duration = .seconds(60 * minutes)
        var lines: [String] = []
        let timeline = TimelineEvents(seed: seed)
        let writer = TraceWriter { lines.append($0) }
        let floor = try Floor(plan: plan, seed: seed, events: { event in writer.write(event); timeline.record(event) })
        floor.ledger.streamSettled(keepFirst: 5_000) { timeline.settled($0) }
        let report = floor.run()
        return Run(lines: lines, timeline: timeline, report: report)
    }

    @Test func theTypedEventsDrawTheSameTimelineAsTheTraceText() throws {
        let run = try Self.run()
        let typed = try #require(run.timeline.transaction)
        #expect(run.report.ledger.settled[typed.number - 1].pair.host == .paid)
        var fromText = try #require(TransactionTrace(report: run.report, number: typed.number))
        for line in run.lines { if let event = TransactionTrace.Event(line) { fromText.collect(event) } }
        #expect(typed.events.count > 10)
        #expect(typed.events.map { "\($0.time) \($0.device) \($0.event) \($0.details)" }
            == fromText.events.map { "\($0.time) \($0.device) \($0.event) \($0.details)" })
        #expect(TimelinePicture.svg(typed) == TimelinePicture.svg(fromText))
    }

    @Test func afterItsTransactionTheTimelineKeepsNothingMoreOfTheRun() throws {
        let run = try Self.run(minutes: 3)
        let kept = try #require(run.timeline.transaction).events.count
        // Once a transaction is paid the run's events are let go: only its own remain.
        #expect(run.timeline.keptCount == kept)
        #expect(run.timeline.isFinished)
        #expect(run.lines.count > 20 * kept, "\(run.lines.count) trace lines, \(kept) kept")
    }

    @Test func aRunWithNoPairedTransactionHasNoTimeline() throws {
        var plan = try DefaultFloor.plan()
        plan.duration = .seconds(5)
        plan.payers = .queues(meanGap: .seconds(3600), idle: 0)
        let timeline = TimelineEvents(seed: 1)
        let floor = try Floor(plan: plan, seed: 1, events: timeline.record)
        floor.ledger.streamSettled(keepFirst: 10) { timeline.settled($0) }
        _ = floor.run()
        #expect(timeline.transaction == nil)
    }

    @Test func withNoTransactionPaidTheFirstThatPairedATillAndAPhoneIsDrawn() throws {
        // Every operator picks failure: transactions pair a till and a phone, none is paid.
        var plan = try DefaultFloor.plan()
        plan.duration = .seconds(60)
        plan.operators.successProbability = 0
        let timeline = TimelineEvents(seed: 1)
        let floor = try Floor(plan: plan, seed: 1, events: timeline.record)
        var settled: [TransactionLedger.SettledTransaction] = []
        floor.ledger.streamSettled(keepFirst: 10) { settled.append($0); timeline.settled($0) }
        _ = floor.run()
        #expect(!settled.isEmpty)
        #expect(!settled.contains { $0.record.pair.host == .paid })
        let drawn = try #require(timeline.transaction)
        let firstPaired = try #require(settled.first { $0.record.host != nil && $0.record.attempt != nil })
        #expect(drawn.number == firstPaired.number)
        #expect(drawn.events.count > 5)
        #expect(!timeline.isFinished)
    }
}
