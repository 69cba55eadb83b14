import Testing
import MizanGeometry
import MizanProtocol
import MizanRadio
import MizanTime
@testable import MizanSim

/// Payers are created when they first act: idle payers cost nothing, and a
/// seed gives the same trace it gave when every payer was created up front.
@Suite struct LazyPayerTests {
    static func queues(idle: Int, meanGap: Duration, bluetoothOff: Double) -> FloorPlan {
        var plan = FloorPlan(tills: FloorPlan.row(count: 4), payers: .queues(meanGap: meanGap, idle: idle), duration: .seconds(40))
        plan.payerBehaviour.phoneOffsetSigma = 4
        plan.payerBehaviour.bluetoothOffFraction = bluetoothOff
        // The digests below were made on the first radio (the simple advertising model).
        plan.radio = .firstDefinition
        plan.radio.linkShadowingSigma = 3
        return plan
    }

    /// A line saying a phone's Bluetooth is off or not allowed: written when the payer is created.
    static func bluetoothState(_ line: String) -> Bool {
        line.contains(#""event":"bluetooth""#) || line.contains(#""screen":"turn Bluetooth on""#) || line.contains(#""screen":"allow Bluetooth""#)
    }

    /// FNV-1a over the trace's lines: the same digest, the same trace.
    static func digest(_ lines: [String]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for line in lines {
            for byte in line.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            hash = (hash ^ 0x0A) &* 0x100_0000_01b3
        }
        return hash
    }

    // Digests recorded with every payer created at the start (before lazy
    // creation), of the trace without its Bluetooth state lines: a payer whose
    // phone has Bluetooth off now says so (and shows its screen) when created, not at time zero.
    @Test(arguments: [
        (40, 0.0, 0.0, UInt64(13_615_864_140_731_255_019)),
        (40, 0.0, 0.2, UInt64(5_465_604_044_677_284_870)),
        (30, 6.0, 0.2, UInt64(5_839_973_555_558_814_507)),
    ])
    func aSeedGivesTheTraceItGaveWhenEveryPayerWasCreatedAtTheStart(idle: Int, meanGap: Double, bluetoothOff: Double, expected: UInt64) throws {
        let run = try FloorRun(Self.queues(idle: idle, meanGap: .seconds(meanGap), bluetoothOff: bluetoothOff), seed: 11)
        let digest = Self.digest(run.trace.filter { !Self.bluetoothState($0) })
        #expect(run.report.transactions > 0)
        #expect(digest == expected, "\(digest)")
    }

    @Test func aMillionIdlePayersCreateOnlyThoseWhoAct() throws {
        var plan = FloorPlan(tills: FloorPlan.row(count: 4), payers: .queues(meanGap: .zero, idle: 1_000_000), duration: .seconds(20))
        plan.payerBehaviour.phoneOffsetSigma = 4
        let floor = try Floor(plan: plan, seed: 3)
        let report = floor.run()
        #expect(report.transactions > 4)
        #expect(floor.phoneUnits.count < 100, "\(floor.phoneUnits.count) phones created")
        #expect(floor.payerCount == 1_000_000)
    }

    /// A stand-in for a payer's draws: a uniform, and a normal (whose spare the stream keeps).
    static func draw(_ stream: inout SeededGenerator) -> PayerDraw {
        PayerDraw(position: Position(x: stream.unitInterval(), y: 0, z: 0), offset: stream.normal(), availability: nil)
    }

    /// Pending payers `first..<first + count` over `stream`, checkpointed as `setUpPayers` does,
    /// and the draws a walk from the start gives each.
    static func pending(first: Int, count: Int, stream: SeededGenerator) -> (PendingPayers, [PayerDraw]) {
        var pending = PendingPayers(cursor: stream, first: first, end: first + count, till: { _ in 0 })
        var walk = stream, draws: [PayerDraw] = []
        for index in first..<(first + count) {
            pending.passing(index, stream: walk)
            draws.append(draw(&walk))
        }
        return (pending, draws)
    }

    @Test func aPayerFarAheadOrNotKeptIsDrawnFromACheckpointWithTheDrawsAWalkGives() {
        let first = 7, count = 3 * PendingPayers.reach
        let (start, draws) = Self.pending(first: first, count: count, stream: SeededGenerator(seed: 5))
        var pending = start
        func takes(_ index: Int) -> Bool {
            let payer = pending.take(index, draw: Self.draw)
            return payer.position.x == draws[index - first].position.x && payer.offset == draws[index - first].offset
        }
        // The last payer, then one in the middle of a block: far ahead, so from checkpoints.
        let middle = first + PendingPayers.reach + PendingPayers.block / 2 + 3
        #expect(takes(first + count - 1) && takes(middle))
        #expect(pending.kept.isEmpty && pending.next == first, "the cursor has not moved")
        #expect(!pending.covers(first + count - 1) && !pending.covers(middle), "a payer created is no longer pending")
        // The cursor walks past the middle payer without keeping it, and keeps at most `reach` draws.
        #expect(takes(first + PendingPayers.reach) && takes(first + 2 * PendingPayers.reach))
        #expect(pending.kept.count == PendingPayers.reach && pending.kept[middle] == nil)
        // Behind the cursor: a payer whose draws were kept, and one whose were not.
        let notKept = first + 2 * PendingPayers.reach - 5
        #expect(pending.kept[first + 10] != nil && pending.kept[notKept] == nil)
        #expect(takes(first + 10) && takes(notKept))
        #expect(!pending.covers(first + 10) && !pending.covers(notKept) && pending.covers(first + 11))
    }

    @Test func faultsNamingPayersAcrossAMillionIdleOnesCreateThemKeepingFewDraws() throws {
        var plan = FloorPlan(tills: FloorPlan.row(count: 4), payers: .queues(meanGap: .seconds(30), idle: 1_000_000), duration: .seconds(2))
        // The last payer, then one every 5,000: each a short walk ahead of the last.
        let named = [1_000_000 - 1] + (1..<200).map { $0 * 5_000 }
        plan.faults = named.map { .bluetooth(.phone($0), .off, at: .seconds(1)) }
        let floor = try Floor(plan: plan, seed: 3)
        _ = floor.run()
        #expect(named.allSatisfy { floor.phoneUnits[$0] != nil }, "the payers the faults name are on the floor")
        let kept = floor.pendingPayers?.kept.count ?? 0
        #expect(kept <= PendingPayers.reach, "\(kept) draws kept")
    }

    @Test func aQueueHandsOutFreshPayersInStrideOrderThenThoseWhoCameBack() {
        var queue = PayerQueue(from: 1, to: 10, by: 4)
        #expect(queue.first == 1)
        queue.remove(1)
        queue.append(1)
        #expect(queue.first == 5)
        queue.remove(9) // not first: the line keeps its order
        #expect(queue.first == 5)
        queue.remove(5)
        #expect(queue.first == 1)
        queue.remove(1)
        #expect(queue.first == nil)
    }

    @Test func aQueueCountsThePayersInItsLineFreshAndComeBack() {
        var queue = PayerQueue(from: 1, to: 10, by: 4)
        #expect(queue.count == 3)  // 1, 5, 9
        queue.remove(1)
        #expect(queue.count == 2)
        queue.append(1)
        #expect(queue.count == 3)
        queue.remove(9)            // not first: the fresh line is stored
        #expect(queue.count == 2)  // 5, 1
        queue.remove(5)
        queue.remove(1)
        #expect(queue.count == 0 && PayerQueue().count == 0 && PayerQueue(from: 3, to: 3, by: 2).count == 0)
        for payer in 0..<70 { queue.append(payer) }
        for payer in 0..<66 { queue.remove(payer) }  // past the compaction of the taken front
        #expect(queue.count == 4 && queue.first == 66)
    }
}
