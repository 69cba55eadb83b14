import MizanGeometry
import MizanProtocol
import Testing
@testable import MizanSim
@testable import MizanRadio
@testable import MizanTime

@Suite("Each till's audience: the phones scanning that have not found it silent where they stand, in index order")
struct TillAudiencesTests {
    private func phone(_ index: Int) -> PhoneEndpoint { .fixture(index) }

    private func till(_ index: Int) -> TillEndpoint { .fixture(index) }

    /// The phones set in the till's row, read word by word.
    private func audience(of till: Int, in audiences: TillAudiences) -> [Int] {
        var visited: [Int] = []
        let row = audiences.layout(of: till)
        for word in 0..<row.words {
            let bits = audiences.rowWord(row.first + word)
            for bit in 0..<64 where bits & (1 << UInt64(bit)) != 0 {
                let index = row.base + word * 64 + bit
                #expect(audiences.phone(at: index)?.with { $0.index } == index)
                visited.append(index)
            }
        }
        return visited
    }

    @Test func aTillsAudienceIsThePhonesScanningInIndexOrderLessThoseThatFoundItSilent() {
        let audiences = TillAudiences()
        for _ in 0..<3 { audiences.addTill() }
        let phones = [phone(200), phone(5), phone(70)]
        for phone in phones { audiences.join(phone) }
        audiences.silence(till: 1, phone: 70)
        #expect(audience(of: 0, in: audiences) == [5, 70, 200])
        #expect(audience(of: 1, in: audiences) == [5, 200])
        // A till added later: every phone scanning may hear it.
        audiences.addTill()
        #expect(audience(of: 3, in: audiences) == [5, 70, 200])
        audiences.leave(phones[1])
        #expect(audience(of: 0, in: audiences) == [70, 200])
        #expect(audience(of: 1, in: audiences) == [200])
    }

    @Test func aPhoneTakingANewStandIsInEveryTillsAudienceAgain() {
        let audiences = TillAudiences()
        for _ in 0..<2 { audiences.addTill() }
        let walker = phone(3)
        audiences.join(walker)
        audiences.silence(till: 0, phone: 3)
        audiences.silence(till: 1, phone: 3)
        #expect(audience(of: 0, in: audiences).isEmpty && audience(of: 1, in: audiences).isEmpty)
        walker.move(.standing(at: Position(x: 4, y: 0)))
        #expect(audience(of: 0, in: audiences) == [3] && audience(of: 1, in: audiences) == [3])
        // Once it stops scanning, its moves are no longer followed.
        audiences.leave(walker)
        walker.move(.standing(at: Position(x: 8, y: 0)))
        #expect(audience(of: 0, in: audiences).isEmpty)
    }

    /// The span of indices is rebuilt when a phone beyond it starts to scan, keeping what the
    /// phones scanning found silent.
    @Test func aPhoneFarBeyondTheSpanRebuildsItKeepingEveryMark() {
        let audiences = TillAudiences()
        for _ in 0..<2 { audiences.addTill() }
        let early = phone(10), late = phone(130)
        audiences.join(early)
        audiences.join(late)
        audiences.silence(till: 1, phone: 130)
        let far = phone(100_000), first = phone(0)
        audiences.join(far)
        audiences.join(first)
        #expect(audience(of: 0, in: audiences) == [0, 10, 130, 100_000])
        #expect(audience(of: 1, in: audiences) == [0, 10, 100_000])
    }

    /// As the list of phones scanning that an event began with: one that stops scanning before its
    /// turn is passed over, one that starts scanning during the visit is not visited, and one that
    /// was scanning, found the till silent, and moved or started a new scan before its turn is.
    @Test func duringAVisitPhonesAreTakenAsTheyAreAtTheirTurnOfThoseScanningWhenItBegan() {
        let listeners = Listeners(audibility: .everyone, tracksAudiences: true)
        let till = till(0)
        listeners.addTill(till, ownPhone: nil)
        let phones = (1...5).map { phone($0) }
        for phone in phones.prefix(4) { listeners.join(phone) }
        listeners.audiences?.silence(till: 0, phone: 3)
        listeners.audiences?.silence(till: 0, phone: 4)
        var visit = listeners.visit(hearing: till)
        var visited: [Int] = []
        while let next = visit.next() {
            next.with { phone in
                visited.append(phone.index)
                guard phone.index == 1 else { return }
                listeners.leave(phones[1])            // phone 2 stops scanning
                listeners.join(phones[4])             // phone 5 starts
                listeners.leave(phones[2])            // phone 3, silent, starts a new scan
                listeners.join(phones[2])
                phones[3].move(.standing(at: Position(x: 9, y: 0))) // phone 4, silent, moves
            }
        }
        #expect(visited == [1, 3, 4])
    }

    /// Random joins (to every till's audience or to some), leaves, new stands, marks and tills added
    /// while phones scan, against the sets they describe.
    @Test func theAudiencesFollowWhatThePhonesDoAsSetsOfIndicesWould() {
        let audiences = TillAudiences()
        var tills = 5
        for _ in 0..<tills { audiences.addTill() }
        let pool = (0..<60).map { phone($0 * 37) } // indices with gaps, over several words
        var scanning = Set<Int>()
        var silent = Array(repeating: Set<Int>(), count: tills)
        var generator = SeededGenerator(seed: 4)
        for _ in 0..<3_000 {
            let phone = pool[Int(generator.next() % UInt64(pool.count))]
            let till = Int(generator.next() % UInt64(tills))
            switch generator.next() % 5 {
            case 4 where tills < 12:
                // A till added while phones scan: every one of them is in its audience.
                audiences.addTill()
                silent.append([])
                tills += 1
            case 0:
                // Every till, or only some (a phone standing still beyond the others' reach).
                let heard = generator.next() % 2 == 0 ? nil : (0..<tills).filter { _ in generator.next() % 2 == 0 }
                audiences.join(phone, tills: heard?[...])
                scanning.insert(phone.index)
                for till in 0..<tills {
                    if heard?.contains(till) ?? true { silent[till].remove(phone.index) } else { silent[till].insert(phone.index) }
                }
            case 1:
                audiences.leave(phone)
                scanning.remove(phone.index)
            case 2:
                phone.move(.standing(at: Position(x: 1, y: 1)))
                if scanning.contains(phone.index) { for till in 0..<tills { silent[till].remove(phone.index) } }
            case 3:
                if scanning.contains(phone.index) {
                    audiences.silence(till: till, phone: phone.index)
                    silent[till].insert(phone.index)
                }
            default:
                break
            }
            for till in 0..<tills {
                #expect(audience(of: till, in: audiences) == scanning.subtracting(silent[till]).sorted())
                #expect(audiences.passedOver(till: till) == silent[till].intersection(scanning).count)
            }
        }
        #expect(tills == 12, "tills were added while phones scanned")
    }

    /// A medium on the signal model with two tills `apart` metres apart (3 km) advertising, and a
    /// phone (not yet scanning) standing 2 m from the first.
    static func twoTillsFarApart(keepingSilentTills: Bool, apart: Double = 3_000) -> (SimulationLoop, RadioMedium, PhoneEndpoint) {
        let loop = SimulationLoop()
        let medium = RadioMedium(parameters: RadioParameters(), clock: loop.clock, generator: SeededGenerator(seed: 6))
        medium.keepsSilentTills = keepingSilentTills
        for (number, x) in [(1, 0.0), (2, apart)] {
            let till = medium.addTill(TillID(UInt32(number)), at: Position(x: x, y: 0, z: 1))
            till.deliver = { _ in }
            medium.peripheralRadio(for: till).startAdvertising(FrameCodec.encode(.advertisement(Advertisement(tillID: TillID(UInt32(number))))))
        }
        return (loop, medium, medium.addPhone(CentralID(1), motion: .standing(at: Position(x: 0, y: 2, z: 1))))
    }

    /// Which till each of a phone's reports came from, in order: two tills 1 km apart, the phone
    /// standing by the first for two seconds (the second silent there), then by the second.
    static func reportsOfAPhoneMovingFromOneTillToAnother(keepingSilentTills: Bool) -> (tills: [Int], marked: Int) {
        let (loop, medium, phone) = twoTillsFarApart(keepingSilentTills: keepingSilentTills, apart: 1_000)
        var tills: [Int] = []
        phone.deliver = { event in
            if case .discovered(let payload, _) = event, let till = FrameCodec.advertisedTill(payload) { tills.append(Int(till.rawValue)) }
        }
        medium.centralRadio(for: phone).startScan()
        _ = loop.clock.schedule(after: .seconds(2)) { phone.move(.standing(at: Position(x: 1_000, y: 2, z: 1))) }
        loop.run(for: .seconds(4))
        return (tills, medium.silentTillsMarked)
    }

    @Test func aPhoneThatMovesHearsTheTillItFoundSilentWhereItStoodBefore() {
        let cut = Self.reportsOfAPhoneMovingFromOneTillToAnother(keepingSilentTills: true)
        let every = Self.reportsOfAPhoneMovingFromOneTillToAnother(keepingSilentTills: false)
        #expect(cut.marked >= 2, "each till silent at the other's stand")
        #expect(cut.tills.contains(1) && cut.tills.contains(2))
        #expect(cut.tills == every.tills)
    }

    /// Past its memory the audiences stop for the run, and the events visit every phone scanning again.
    @Test func audiencesPastTheirMemoryGiveWayToEveryPhoneScanning() {
        let listeners = Listeners(audibility: .everyone, tracksAudiences: true, audienceWords: 1_000)
        let tills = (0..<2).map { till($0) }
        for till in tills { listeners.addTill(till, ownPhone: nil) }
        let near = phone(1), far = phone(1_000_000)
        listeners.join(near)
        listeners.audiences?.silence(till: 0, phone: 1)
        func hearing(_ till: TillEndpoint) -> [Int] { visited(listeners, till) }
        #expect(hearing(tills[0]).isEmpty && hearing(tills[1]) == [1])
        #expect(listeners.audiences?.isTracking == true)
        listeners.join(far)
        #expect(listeners.audiences?.isTracking == false)
        #expect(hearing(tills[0]) == [1, 1_000_000] && hearing(tills[1]) == [1, 1_000_000])
    }

    /// The phones a visit of till 0 hands out, `during` called at each (before the next is asked for).
    private func visited(_ listeners: Listeners, _ till: TillEndpoint, during: (PhoneEndpoint) -> Void = { _ in }) -> [Int] {
        var visit = listeners.visit(hearing: till)
        var visited: [Int] = []
        while let next = visit.next() {
            next.with { phone in
                visited.append(phone.index)
                during(phone)
            }
        }
        return visited
    }

    @Test func aPhoneThatStopsScanningDuringAVisitOfTheAudienceIsPassedOver() {
        let listeners = Listeners(audibility: .everyone, tracksAudiences: true)
        let till = till(0)
        listeners.addTill(till, ownPhone: nil)
        let phones = (1...6).map { phone($0) }
        for phone in phones { listeners.join(phone) }
        for index in 4...6 { listeners.audiences?.silence(till: 0, phone: index) }
        let before = listeners.audiences?.audienceVisits ?? 0
        #expect(visited(listeners, till) { if $0.index == 1 { listeners.leave(phones[1]) } } == [1, 3])
        #expect(listeners.audiences?.audienceVisits == before + 1, "the visit read the audience")
    }

    @Test func audiencesStoppingDuringAVisitHandItOnToThePhonesScanningWhenItBegan() {
        let listeners = Listeners(audibility: .everyone, tracksAudiences: true, audienceWords: 1_000)
        let till = till(0)
        listeners.addTill(till, ownPhone: nil)
        let phones = (1...4).map { phone($0) }
        for phone in phones { listeners.join(phone) }
        for index in 3...4 { listeners.audiences?.silence(till: 0, phone: index) }
        let far = phone(1_000_000)
        // Phone 1 past the memory: the audiences stop; the rest are the phones scanning when the
        // visit began, silent or not (a silent one's visit does nothing), and never the far one.
        #expect(visited(listeners, till) { if $0.index == 1 { listeners.join(far) } } == [1, 2, 3, 4])
        #expect(listeners.audiences?.isTracking == false)
        #expect(visited(listeners, till) == [1, 2, 3, 4, 1_000_000])
    }

    @Test func onIsolatedPairsAVisitIsTheTillsOwnPhoneWhileItScans() {
        let listeners = Listeners(audibility: .ownTillOnly, tracksAudiences: false)
        let own = phone(0), other = phone(1)
        let till = till(0)
        listeners.addTill(till, ownPhone: own)
        // As the medium does: `scanning` set as a phone joins the listeners, cleared as it leaves.
        other.scanning = true
        listeners.join(other)
        #expect(visited(listeners, till).isEmpty)
        own.scanning = true
        listeners.join(own)
        #expect(visited(listeners, till) == [0])
        own.scanning = false
        listeners.leave(own)
        #expect(visited(listeners, till).isEmpty)
    }

    /// A phone that stops scanning and starts again where it stands keeps what it found silent:
    /// the far till's events pass it over from the new scan's start.
    @Test func aNewScanFromTheSameStandStartsWithTheTillsFoundSilentPassedOver() throws {
        let (loop, medium, phone) = Self.twoTillsFarApart(keepingSilentTills: true)
        phone.deliver = { _ in }
        let radio = medium.centralRadio(for: phone)
        radio.startScan()
        loop.run(for: .seconds(2))
        let audiences = try #require(medium.listeners.audiences)
        #expect(audiences.passedOver(till: 1) == 1, "the far till found silent")
        radio.stopScan()
        #expect(audiences.passedOver(till: 1) == 0)
        let marked = medium.silentTillsMarked
        radio.startScan()
        #expect(audiences.passedOver(till: 1) == 1, "kept from the scan before")
        #expect(medium.silentTillsMarked == marked, "not worked out again")
        #expect(audiences.passedOver(till: 0) == 0)
    }

    /// A till 250 m away is too weak to be heard (its mean -116 dBm), though not so weak that it
    /// could not spoil a packet: its events pass the phone over all the same.
    @Test func aTillTooWeakToBeHeardThoughNotSilentPassesThePhoneOver() throws {
        let (loop, medium, phone) = Self.twoTillsFarApart(keepingSilentTills: true, apart: 250)
        phone.deliver = { _ in }
        medium.centralRadio(for: phone).startScan()
        loop.run(for: .seconds(2))
        let audiences = try #require(medium.listeners.audiences)
        #expect(medium.silentTillsMarked == 0, "not silent")
        #expect(audiences.passedOver(till: 1) == 1, "never heard where the phone stands")
        #expect(audiences.passedOver(till: 0) == 0)
        phone.move(.standing(at: Position(x: 250, y: 2, z: 1)))
        #expect(audiences.passedOver(till: 1) == 0, "heard again from a new stand")
    }

    /// A till 1 km away, within the reach of a packet that could spoil one heard, is asked about
    /// at once and found silent; one 3 km away, beyond the reach of any packet, is never asked:
    /// standing still, the phone joins only the audiences of the tills it could hear.
    @Test func aPhoneStartingToScanPassesOverAFarTillBeforeItsFirstEvent() throws {
        for (apart, marked) in [(1_000.0, 1), (3_000, 0)] {
            let (_, medium, phone) = Self.twoTillsFarApart(keepingSilentTills: true, apart: apart)
            phone.deliver = { _ in }
            medium.centralRadio(for: phone).startScan()
            let audiences = try #require(medium.listeners.audiences)
            #expect(audiences.passedOver(till: 1) == 1, "the till \(apart) m away passed over from the start")
            #expect(audiences.passedOver(till: 0) == 0, "the till 2 m away left to its events")
            #expect(medium.silentTillsMarked == marked, "\(apart) m")
        }
    }
}
