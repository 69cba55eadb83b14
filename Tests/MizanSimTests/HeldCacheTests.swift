import Testing
import MizanGeometry
@testable import MizanSim
@testable import MizanRadio

/// A scanning phone's bounded cache of held signals and its table of hold-offs.
@Suite struct HeldCacheTests {
    static func signal(_ dBm: Double) -> ChannelSignal {
        ChannelSignal(channels: (dBm, dBm - 1, dBm - 2), ceiling: dBm + 40)
    }

    @Test func twoTillsSharingASlotEachGetTheirOwnValueOrNone() {
        var cache = HeldCache()
        cache.removeAll(capacity: 4, tills: 64)
        cache.keep(Self.signal(-60), till: 1, stand: 0)
        #expect(cache.signal(till: 1, stand: 0)?.channels.0 == -60)
        // Till 5 takes till 1's slot: till 1 is then not found, never given till 5's value.
        cache.keep(Self.signal(-70), till: 5, stand: 0)
        #expect(cache.signal(till: 5, stand: 0)?.channels.0 == -70)
        #expect(cache.signal(till: 1, stand: 0) == nil)
        #expect(cache.signal(till: 2, stand: 0) == nil)
    }

    @Test func aValueOfAnEarlierStandIsNotFound() {
        var cache = HeldCache()
        cache.removeAll(capacity: 8, tills: 64)
        cache.keep(Self.signal(-60), till: 3, stand: 7)
        #expect(cache.signal(till: 3, stand: 8) == nil)
        #expect(cache.signal(till: 3, stand: 7)?.ceiling == -20)
    }

    @Test func theCacheGrowsWithTheTillsHeardInAStandUpToItsLimit() {
        var cache = HeldCache()
        cache.removeAll(capacity: 1_000, tills: 5_000)
        #expect(cache.capacity == HeldCache.initialCapacity)
        // Tills 0 and 64 meet in slot 0: the cache doubles and keeps both.
        cache.keep(Self.signal(-60), till: 0, stand: 1)
        cache.keep(Self.signal(-70), till: 64, stand: 1)
        #expect(cache.capacity == 128)
        #expect(cache.signal(till: 0, stand: 1)?.ceiling == -20 && cache.signal(till: 64, stand: 1)?.ceiling == -30)
        // A stale entry (an earlier stand) gives way without growing.
        cache.keep(Self.signal(-80), till: 128, stand: 2)
        #expect(cache.capacity == 128 && cache.signal(till: 128, stand: 2)?.ceiling == -40)
        // Never past the limit: tills 1,000 apart share a slot there, the last asked holding it.
        for till in 0..<1_000 { cache.keep(Self.signal(-60), till: till, stand: 3) }
        #expect(cache.capacity == 1_000)
        #expect((0..<1_000).allSatisfy { cache.signal(till: $0, stand: 3) != nil })
        cache.keep(Self.signal(-70), till: 1_003, stand: 3)
        #expect(cache.capacity == 1_000)
        #expect(cache.signal(till: 1_003, stand: 3)?.ceiling == -30 && cache.signal(till: 3, stand: 3) == nil && cache.signal(till: 4, stand: 3) != nil)
    }

    @Test func aSilentTillIsSilentForItsStandOnly() {
        var cache = HeldCache()
        cache.removeAll(capacity: 8, tills: 130)
        cache.keepSilent(till: 129, stand: 4)
        cache.keepSilent(till: 3, stand: 4)
        #expect(cache.isSilent(till: 129, stand: 4) && cache.isSilent(till: 3, stand: 4))
        #expect(!cache.isSilent(till: 2, stand: 4) && !cache.isSilent(till: 67, stand: 4))
        #expect(!cache.isSilent(till: 129, stand: 5))
        // A mark in a new stand clears the old stand's.
        cache.keepSilent(till: 2, stand: 5)
        #expect(cache.isSilent(till: 2, stand: 5) && !cache.isSilent(till: 129, stand: 5) && !cache.isSilent(till: 129, stand: 4))
        // A till past the floor's is never marked.
        cache.keepSilent(till: 500, stand: 5)
        #expect(!cache.isSilent(till: 500, stand: 5))
        // A new scan or the end of one keeps the marks (they hold for their stand); a floor of
        // another size forgets them.
        cache.removeAll(capacity: 8, tills: 130)
        cache.release()
        #expect(cache.isSilent(till: 2, stand: 5))
        var silent: [Int] = []
        cache.forEachSilent(stand: 5) { silent.append($0) }
        #expect(silent == [2])
        cache.forEachSilent(stand: 4) { _ in Issue.record("a mark of another stand") }
        cache.removeAll(capacity: 8, tills: 200)
        #expect(!cache.isSilent(till: 2, stand: 5))
    }

    @Test func emptyingTheCacheForgetsEveryTill() {
        var cache = HeldCache()
        cache.removeAll(capacity: 8, tills: 64)
        cache.keep(Self.signal(-60), till: 3, stand: 0)
        cache.removeAll(capacity: 8, tills: 64)
        #expect(cache.signal(till: 3, stand: 0) == nil)
        cache.release()
        cache.keep(Self.signal(-60), till: 3, stand: 0)
        #expect(cache.signal(till: 3, stand: 0) == nil)
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

    /// What the cache holds changes the cost, never a packet's fate: a floor
    /// whose phones keep two tills' signals gives the trace it gives when
    /// they keep every till's.
    @Test func aPhoneKeepingFewTillsGivesTheSameTraceAsOneKeepingAll() throws {
        var plan = FloorDeterminismTests.checkout(tills: 12)
        #expect(plan.radio.advertising == .signal)
        plan.duration = .seconds(30)
        let all = try FloorRun(plan, seed: 5)
        let few = try FloorRun(plan, seed: 5, medium: { $0.heldCacheCapacity = 2 })
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
    /// away when done: what a phone found silent is forgotten when it moves, in its cache and in
    /// the tills' audiences (`TillAudiences`), whose events pass over a phone that found their till silent.
    @Test func payersMovingWhileTheirPhonesMarkSilentTillsGiveTheSameTraceAsPhonesComputingEvery() throws {
        var plan = FloorPlan(tills: FloorPlan.row(count: 6, spacing: 120), payers: .queues(meanGap: .seconds(4), idle: 0), duration: .seconds(90))
        plan.payerBehaviour.reviewTime = 1...2
        let (cut, _) = try Self.runMarkingSilentTillsAndNot(plan, seed: 8)
        #expect(cut.report.transactions > 10)
    }
}
