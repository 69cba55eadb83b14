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

    @Test func aPayerFarAheadIsDrawnFromACheckpointWithTheDrawsAWalkGivesAndNothingIsKept() {
        let first = 7, count = 3 * PendingPayers.reach
        let (start, draws) = Self.pending(first: first, count: count, stream: SeededGenerator(seed: 5))
        var pending = start
        // The last payer, then one in the middle of a block: far ahead, so from checkpoints.
        for index in [first + count - 1, first + PendingPayers.reach + PendingPayers.block / 2 + 3] {
            let payer = pending.take(index, draw: Self.draw)
            #expect(payer.position.x == draws[index - first].position.x && payer.offset == draws[index - first].offset)
            #expect(!pending.covers(index), "a payer created is no longer pending")
        }
        #expect(pending.kept.isEmpty && pending.next == first, "the cursor has not moved")
        // The cursor then walks past a payer drawn from a checkpoint without keeping it.
        for near in [first + PendingPayers.reach, first + 2 * PendingPayers.reach] {
            #expect(pending.take(near, draw: Self.draw).offset == draws[near - first].offset)
        }
        #expect(pending.kept.count == 2 * PendingPayers.reach - 2, "every payer walked past but the one drawn ahead")
        #expect(pending.ahead == [first + count - 1], "the payer drawn ahead and not yet passed")
        let behind = first + 10
        #expect(pending.covers(behind) && pending.take(behind, draw: Self.draw).offset == draws[behind - first].offset)
        #expect(!pending.covers(first + PendingPayers.reach + PendingPayers.block / 2 + 3))
        #expect(!pending.covers(first + count - 1))
    }

    @Test func aFaultNamingTheLastOfAMillionIdlePayersCreatesItWithoutKeepingThoseBefore() throws {
        var plan = FloorPlan(tills: FloorPlan.row(count: 4), payers: .queues(meanGap: .seconds(30), idle: 1_000_000), duration: .seconds(2))
        plan.faults = [.bluetooth(.phone(1_000_000 - 1), .off, at: .seconds(1))]
        let floor = try Floor(plan: plan, seed: 3)
        _ = floor.run()
        #expect(floor.phoneUnits[1_000_000 - 1] != nil, "the payer the fault names is on the floor")
        #expect((floor.pendingPayers?.kept.count ?? 0) < 100, "\(floor.pendingPayers?.kept.count ?? 0) draws kept")
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
