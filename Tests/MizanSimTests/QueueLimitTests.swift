import Testing
@testable import MizanSim

/// A till's line holds at most `PayerBehaviour.queueLimit` payers; one who finds it full goes away, counted in the report
/// and written in the trace.
@Suite struct QueueLimitTests {
    /// Two tills with a payer arriving at each every 0.2 s on average: far faster than a till serves them.
    static func plan(limit: Int) -> FloorPlan {
        var plan = FloorPlan(tills: FloorPlan.row(count: 2), payers: .queues(meanGap: .seconds(0.2), idle: 0), duration: .seconds(20))
        plan.radio = .ideal
        plan.payerBehaviour.queueLimit = limit
        return plan
    }

    static func arrivals(_ run: FloorRun) -> Int { run.trace.filter { $0.contains("\"arrives\"") }.count }
    static func turnedAway(_ run: FloorRun) -> [String] { run.trace.filter { $0.contains("\"payer turned away\"") } }

    @Test func payersWhoFindTheLineFullGoAwayCountedAndTheArrivalsTimesAreTheSame() throws {
        let limited = try FloorRun(Self.plan(limit: 3), seed: 4, drain: false)
        let open = try FloorRun(Self.plan(limit: 1_000), seed: 4, drain: false)
        #expect(open.report.payersTurnedAway == 0)
        #expect(limited.report.payersTurnedAway > 0)
        // The gaps come from the arrivals' own stream, drawn for a payer turned away too: every
        // payer of the open lines arrives in the limited run, or is turned away there.
        #expect(Self.arrivals(limited) + limited.report.payersTurnedAway == Self.arrivals(open))
        // Two lines of at most 3 in 20 s: far fewer than arrive.
        #expect(Self.arrivals(limited) < Self.arrivals(open) / 2, "\(Self.arrivals(limited)) of \(Self.arrivals(open))")
    }

    @Test func eachPayerTurnedAwayIsATraceEventNamingTheTillWhoseLineWasFull() throws {
        let limited = try FloorRun(Self.plan(limit: 3), seed: 4, drain: false)
        let open = try FloorRun(Self.plan(limit: 1_000), seed: 4, drain: false)
        let lines = Self.turnedAway(limited)
        #expect(lines.count == limited.report.payersTurnedAway)
        #expect(Self.turnedAway(open).isEmpty)
        // Both tills' lines fill, so both turn payers away, each on its own line of the trace: the
        // floor's (no phone is drawn for them, and they are no transaction's), naming the till.
        #expect(lines.contains { $0.contains("\"till\":1") })
        #expect(lines.contains { $0.contains("\"till\":2") })
        #expect(lines.allSatisfy { $0.contains("\"device\":\"floor\"") })
    }

    @Test func theSameSeedTurnsTheSamePayersAway() throws {
        let first = try FloorRun(Self.plan(limit: 2), seed: 9, drain: false)
        let second = try FloorRun(Self.plan(limit: 2), seed: 9, drain: false)
        #expect(first.trace == second.trace)
        #expect(first.report.payersTurnedAway == second.report.payersTurnedAway && first.report.payersTurnedAway > 0)
    }
}
