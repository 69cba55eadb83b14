import Testing
@testable import MizanSim
import MizanFormats

/// Payers who left for good are retired (their phones, actors, timers and
/// endpoints dropped) without changing a byte of the trace, so that a run's
/// memory stays flat in its length.
@Suite struct PayerRetirementTests {
    /// Arrivals at 4 tills (each payer comes once), long enough for many payers to leave and be retired.
    static func arrivals(minutes: Int) -> FloorPlan {
        var plan = FloorPlan(tills: FloorPlan.row(count: 4, spacing: 2), payers: .queues(meanGap: .seconds(6), idle: 0),
                             duration: .seconds(60 * minutes))
        plan.payerBehaviour.phoneOffsetSigma = 4
        return plan
    }

    static func run(_ plan: FloorPlan, seed: UInt64, retiring: Bool) throws -> (trace: [String], floor: Floor, report: FloorReport) {
        var trace: [String] = []
        let floor = try Floor(plan: plan, seed: seed, events: TraceWriter { trace.append($0) }.write)
        floor.retirement.enabled = retiring
        let report = floor.run(drain: true)
        return (trace, floor, report)
    }

    @Test func retiringPayersWhoLeftKeepsTheTraceByteForByte() throws {
        let plan = Self.arrivals(minutes: 25)
        let kept = try Self.run(plan, seed: 5, retiring: false)
        let retired = try Self.run(plan, seed: 5, retiring: true)
        #expect(retired.floor.retirement.retired > 50, "\(retired.floor.retirement.retired) retired")
        #expect(kept.floor.retirement.retired == 0)
        #expect(retired.report.transactions == kept.report.transactions)
        #expect(retired.trace == kept.trace)
    }

    @Test func onlyThePayersOfTheLastMinutesAreStillHeld() throws {
        var plan = Self.arrivals(minutes: 60)
        // Lines as long as they grow (a till serves about one payer in 7 s): every arrival joins.
        plan.payerBehaviour.queueLimit = 1_000
        let run = try Self.run(plan, seed: 9, retiring: true)
        let floor = run.floor
        // About 0.67 payers arrive per second: 2,400 in an hour, of whom only those
        // who left in the last 10 minutes (the retirement delay) and those still queueing are held (about 600).
        #expect(floor.payerCount > 2_000, "\(floor.payerCount) payers")
        #expect(floor.phoneUnits.count < floor.payerCount / 3, "\(floor.phoneUnits.count) of \(floor.payerCount) held")
        #expect(floor.medium.phones.count == floor.phoneUnits.count)
        #expect(floor.retirement.retired + floor.phoneUnits.count == floor.payerCount)
    }

    @Test func aPayerATimedFaultNamesIsNotRetiredSoTheFaultFindsThem() throws {
        // Payer 1 pays in the first minute and leaves; retired, a Bluetooth fault on it at minute 20 would find no one.
        var plan = Self.arrivals(minutes: 25)
        plan.faults = [.bluetooth(.phone(1), .off, at: .seconds(20 * 60)), .dropLink(phone: 2, at: .seconds(21 * 60))]
        let kept = try Self.run(plan, seed: 5, retiring: false)
        let retired = try Self.run(plan, seed: 5, retiring: true)
        #expect(retired.floor.retirement.retired > 50)
        #expect(retired.floor.phoneUnits[1] != nil && retired.floor.phoneUnits[2] != nil)
        #expect(retired.trace == kept.trace)
        #expect(!retired.trace.contains { $0.contains("fault skipped") })
    }

    @Test func aRetiredPayerIsNotOnTheFloorForAFault() throws {
        let run = try Self.run(Self.arrivals(minutes: 25), seed: 5, retiring: true)
        let floor = run.floor
        guard let gone = (0..<floor.payerCount).first(where: { floor.phoneUnits[$0] == nil }) else {
            Issue.record("no payer was retired")
            return
        }
        #expect(!floor.exists(.phone(gone)))
        #expect(floor.exists(.till(0)))
    }
}
