import Testing
import MizanGeometry
@testable import MizanSim
@testable import MizanRadio

/// What a phone standing still keeps of what it receives: the tills' tables of held signals, its
/// silent marks, and its table of hold-offs.
@Suite struct KeptSignalTests {
    static func signal(_ dBm: Double) -> ChannelSignal {
        ChannelSignal(channels: (dBm, dBm - 1, dBm - 2), ceiling: dBm + 40)
    }

    @Test func twoPhonesSharingASlotEachGetTheirOwnValueOrNone() {
        var table = HeardTable()
        #expect(table.signal(phone: 1, stand: 0) == nil)
        table.keep(Self.signal(-60), phone: 1, stand: 0, limit: 1) { _, _ in true }
        #expect(table.capacity == 1)
        #expect(table.signal(phone: 1, stand: 0)?.channels.0 == -60)
        // Phone 5 takes phone 1's slot: phone 1 is then not found, never given phone 5's value.
        table.keep(Self.signal(-70), phone: 5, stand: 0, limit: 1) { _, _ in true }
        #expect(table.signal(phone: 5, stand: 0)?.channels.0 == -70)
        #expect(table.signal(phone: 1, stand: 0) == nil)
        #expect(table.signal(phone: 2, stand: 0) == nil)
    }

    @Test func aValueOfAnEarlierStandIsNotFound() {
        var table = HeardTable()
        table.keep(Self.signal(-60), phone: 3, stand: 7, limit: 8) { _, _ in true }
        #expect(table.signal(phone: 3, stand: 8) == nil)
        #expect(table.signal(phone: 3, stand: 7)?.ceiling == -20)
    }

    @Test func theTableGrowsWithThePhonesStillStandingUpToItsLimit() {
        var table = HeardTable()
        // Phones 0 and 16 meet in slot 0, phone 0 still standing: the table doubles and keeps both.
        table.keep(Self.signal(-60), phone: 0, stand: 1, limit: 1_000) { _, _ in true }
        #expect(table.capacity == HeardTable.initialCapacity)
        table.keep(Self.signal(-70), phone: 16, stand: 1, limit: 1_000) { index, stand in
            #expect(index == 0 && stand == 1, "asked about the phone in the slot")
            return true
        }
        #expect(table.capacity == 32)
        #expect(table.signal(phone: 0, stand: 1)?.ceiling == -20 && table.signal(phone: 16, stand: 1)?.ceiling == -30)
        // A phone no longer standing where its entry was made gives way without growing.
        table.keep(Self.signal(-80), phone: 32, stand: 2, limit: 1_000) { _, _ in false }
        #expect(table.capacity == 32 && table.signal(phone: 32, stand: 2)?.ceiling == -40 && table.signal(phone: 0, stand: 1) == nil)
        // Never past the limit, rounded down to a power of two: phones 512 apart share a slot
        // there, the last asked holding it.
        for phone in 0..<512 { table.keep(Self.signal(-60), phone: phone, stand: 3, limit: 1_000) { _, _ in true } }
        #expect(table.capacity == 512)
        #expect((0..<512).allSatisfy { table.signal(phone: $0, stand: 3) != nil })
        table.keep(Self.signal(-70), phone: 515, stand: 3, limit: 1_000) { _, _ in true }
        #expect(table.capacity == 512)
        #expect(table.signal(phone: 515, stand: 3)?.ceiling == -30 && table.signal(phone: 3, stand: 3) == nil && table.signal(phone: 4, stand: 3) != nil)
    }

    @Test func aTablesLimitIsTheLargestPowerOfTwoWithinTheOneGiven() {
        #expect([0, 1, 2, 3, 1_000, 1_024, 2_048, 2_049].map(HeardTable.powerOfTwo(atMost:)) == [1, 1, 2, 2, 512, 1_024, 2_048, 2_048])
    }

    @Test func aSilentTillIsSilentForItsStandOnly() {
        var marks = SilentMarks()
        marks.prepare(tills: 130)
        marks.keepSilent(till: 129, stand: 4)
        marks.keepSilent(till: 3, stand: 4)
        #expect(marks.isSilent(till: 129, stand: 4) && marks.isSilent(till: 3, stand: 4))
        #expect(!marks.isSilent(till: 2, stand: 4) && !marks.isSilent(till: 67, stand: 4))
        #expect(!marks.isSilent(till: 129, stand: 5))
        // A mark in a new stand clears the old stand's.
        marks.keepSilent(till: 2, stand: 5)
        #expect(marks.isSilent(till: 2, stand: 5) && !marks.isSilent(till: 129, stand: 5) && !marks.isSilent(till: 129, stand: 4))
        // A till past the floor's is never marked.
        let keptPastTheFloor = marks.keepSilent(till: 500, stand: 5)
        #expect(!keptPastTheFloor)
        #expect(!marks.isSilent(till: 500, stand: 5) && !marks.marks(till: 500) && marks.marks(till: 129))
        // A new scan keeps the marks (they hold for their stand); a floor of another size forgets them.
        marks.prepare(tills: 130)
        #expect(marks.isSilent(till: 2, stand: 5))
        var silent: [Int] = []
        marks.forEachSilent(stand: 5) { silent.append($0) }
        #expect(silent == [2])
        marks.forEachSilent(stand: 4) { _ in Issue.record("a mark of another stand") }
        marks.prepare(tills: 200)
        #expect(!marks.isSilent(till: 2, stand: 5))
    }

    @Test func theHoldOffTableFindsEveryTillItWasGivenAcrossGrowth() {
        var table = HoldOffTable()
        let tills = [0, 17, 34, 5, 1_000_003, 16, 33, 2] + Array(100..<160)
        for (order, till) in tills.enumerated() {
            let slot = table.slotInserting(till)
            table[slot].reportableFrom = Double(order)
        }
        #expect(table.count == tills.count)
        for (order, till) in tills.enumerated() {
            let slot = table.slot(of: till)
            #expect(slot >= 0 && table[slot].reportableFrom == Double(order))
        }
        #expect(table.slot(of: 3) == -1)
        #expect(table.slot(of: 99) == -1)
        table.removeAll()
        #expect(table.slot(of: 17) == -1)
    }

    /// What the tables hold changes the cost, never a packet's fate: a floor
    /// whose tills keep two phones' signals gives the trace it gives when
    /// they keep every phone's.
    @Test func tillsKeepingFewPhonesGiveTheSameTraceAsTillsKeepingAll() throws {
        var plan = FloorDeterminismTests.checkout(tills: 12)
        #expect(plan.radio.advertising == .signal)
        plan.duration = .seconds(30)
        let all = try FloorRun(plan, seed: 5)
        let few = try FloorRun(plan, seed: 5, medium: { $0.heardCapacity = 2 })
        #expect(all.report.transactions > 0)
        #expect(all.trace.count > 100)
        #expect(few.trace == all.trace)
    }

    /// A till a phone can neither hear nor be spoiled by is kept as a bit for the stand: the
    /// trace is the one a phone computing every till's signal at every packet gives. Tills 150 m
    /// apart: beyond the far field's breakpoint the farther ones fall silent.
    @Test func aPhoneMarkingSilentTillsGivesTheSameTraceAsOneComputingEvery() throws {
        var plan = FloorPlan(tills: FloorPlan.row(count: 6, spacing: 150), payers: .pairs(distance: 0.5), duration: .seconds(20))
        #expect(plan.radio.advertising == .signal && plan.radio.farField != nil)
        plan.payerBehaviour.reviewTime = 1...2
        let (cut, _) = try Self.runMarkingSilentTillsAndNot(plan, seed: 3)
        #expect(cut.report.transactions > 0)
    }

    /// The same with tills up to 2.8 km apart: a phone starting to scan asks about the far ones at
    /// once (`lookAround`), working them out only as far as their bounds.
    @Test func tillsKilometresApartGiveTheSameTraceWithSilentTillsMarkedAsWithout() throws {
        var plan = FloorPlan(tills: FloorPlan.row(count: 5, spacing: 700), payers: .pairs(distance: 0.5), duration: .seconds(20))
        plan.payerBehaviour.reviewTime = 1...2
        let (cut, medium) = try Self.runMarkingSilentTillsAndNot(plan, seed: 4)
        #expect(cut.report.transactions > 0)
        #expect(medium.silentTillsMarkedAtScanStart > 0, "the phones' first looks found the far tills silent")
    }

    /// Tills 250 m apart: each phone's neighbours are too weak to be heard (their mean about
    /// -116 dBm) though strong enough to spoil a weak packet, so their events pass it over while
    /// it keeps what it holds from them; the trace is the one without.
    @Test func tillsTooWeakToBeHeardButNotSilentArePassedOverWithTheSameTrace() throws {
        var plan = FloorPlan(tills: FloorPlan.row(count: 4, spacing: 250), payers: .pairs(distance: 0.5), duration: .seconds(20))
        plan.payerBehaviour.reviewTime = 1...2
        let (cut, medium) = try Self.runMarkingSilentTillsAndNot(plan, seed: 5)
        #expect(cut.report.transactions > 0)
        #expect(medium.tooWeakTillsPassedOver > 0, "neighbours too weak to be heard were passed over")
    }

    /// Phones walking along a row with walls between its tills: a walking phone works out what it
    /// holds from a till only as far as it takes to know it silent, the walls counted only until they
    /// make it so; the trace is the one of phones working out every till's signal in full. The tills
    /// stand 10 m apart, near enough that only the walls (45 dB each) can make one silent.
    @Test func phonesWalkingAmongWallsGiveTheSameTraceWorkingOutOnlyWhatTheyCouldHear() throws {
        var plan = FloorPlan(tills: FloorPlan.row(count: 6, spacing: 10), payers: .pairs(distance: 0.5), duration: .seconds(30))
        plan.payerBehaviour.reviewTime = 1...2
        plan.walls = Walls((0..<5).map { (index: Int) -> Wall in
            let x = 10 * Double(index) + 5
            return Wall(x1: x, y1: -20, x2: x, y2: 20, loss: 45)
        })
        plan.faults = (0..<6).map { .walkAway(phone: $0, at: .seconds(2 + $0), speed: 1.4, dx: 1, dy: 0) }
        let (cut, medium) = try Self.runMarkingSilentTillsAndNot(plan, seed: 6)
        #expect(cut.report.transactions > 0)
        #expect(medium.silentToWalkers > 0, "walking phones found tills silent before working them out in full")
    }

    /// Tills 1 km apart in a row of 14 km, each with its payer: an event's colliders farther than
    /// any packet that could spoil one heard reaches are passed over (`SignalAdvertising.eventReaches`),
    /// and a packet's colliders beyond its phone's reach are not asked; the trace is the one of
    /// every collider asked.
    @Test func collidersBeyondTheReachOfAnyPacketThatCouldSpoilOneArePassedOverGivingTheSameTrace() throws {
        var plan = FloorPlan(tills: FloorPlan.row(count: 15, spacing: 1_000), payers: .pairs(distance: 0.5), duration: .seconds(40))
        plan.payerBehaviour.reviewTime = 1...2
        let (cut, medium) = try Self.runMarkingSilentTillsAndNot(plan, seed: 4)
        #expect(cut.report.transactions > 10)
        #expect(medium.collidersBeyondReach > 100, "\(medium.collidersBeyondReach) colliders passed over")
    }

    /// The run of `plan` and `seed` with silent tills marked, checked against the run without:
    /// some marked, some events visiting their audiences, and the same trace byte for byte.
    static func runMarkingSilentTillsAndNot(_ plan: FloorPlan, seed: UInt64) throws -> (run: FloorRun, medium: RadioMedium) {
        var kept: RadioMedium?
        let cut = try FloorRun(plan, seed: seed, medium: { kept = $0 })
        let every = try FloorRun(plan, seed: seed, medium: { $0.keepsSilentTills = false })
        let medium = try #require(kept)
        #expect(medium.silentTillsMarked > 0)
        #expect(try #require(medium.listeners.audiences).audienceVisits > 0, "events visited their audiences")
        #expect(cut.trace.count > 100)
        #expect(every.trace == cut.trace)
        return (cut, medium)
    }

    /// The same with payers queuing, who take a new stand at every step of the queue and walk
    /// away when done: what a phone found silent is forgotten when it moves, in its silent marks and in
    /// the tills' audiences (`TillAudiences`), whose events pass over a phone that found their till silent.
    @Test func payersMovingWhileTheirPhonesMarkSilentTillsGiveTheSameTraceAsPhonesComputingEvery() throws {
        var plan = FloorPlan(tills: FloorPlan.row(count: 6, spacing: 120), payers: .queues(meanGap: .seconds(4), idle: 0), duration: .seconds(90))
        plan.payerBehaviour.reviewTime = 1...2
        let (cut, _) = try Self.runMarkingSilentTillsAndNot(plan, seed: 8)
        #expect(cut.report.transactions > 10)
    }
}
