import MizanGeometry
import MizanProtocol
import Testing
@testable import MizanSim
@testable import MizanRadio
@testable import MizanTime

@Suite("The medium's lists of its endpoints: in index order by bisection, and each till's own phone")
struct EndpointListsTests {
    private func phone(_ index: Int) -> PhoneEndpoint { .fixture(index) }

    @Test func insertsAndRemovesKeepTheListAsASortedSetOfTheEndpointsPresent() {
        let pool = (0..<40).map { phone($0 * 3) } // indices with gaps
        var list: [PhoneEndpoint] = []
        var present = Set<Int>()
        var generator = SeededGenerator(seed: 9)
        for _ in 0..<2_000 {
            let endpoint = pool[Int(generator.next() % UInt64(pool.count))]
            if generator.unitInterval() < 0.55 {
                Listeners.insert(endpoint, into: &list) { $0.index }
                present.insert(endpoint.index)
            } else {
                Listeners.remove(endpoint, from: &list) { $0.index }
                present.remove(endpoint.index)
            }
            #expect(list.map(\.index) == present.sorted())
        }
    }

    @Test func insertingAnEndpointAlreadyThereOrRemovingOneAbsentChangesNothing() {
        let a = phone(2), b = phone(5), c = phone(9)
        var list: [PhoneEndpoint] = []
        for endpoint in [c, a, b, a, c] { Listeners.insert(endpoint, into: &list) { $0.index } }
        #expect(list.map(\.index) == [2, 5, 9])
        Listeners.remove(phone(5), from: &list) { $0.index } // another endpoint with b's index: not b
        #expect(list.map(\.index) == [2, 5, 9])
        Listeners.remove(phone(7), from: &list) { $0.index }
        #expect(list.map(\.index) == [2, 5, 9])
        Listeners.remove(b, from: &list) { $0.index }
        #expect(list.map(\.index) == [2, 9])
    }

    @Test func theBisectedPositionIsTheFirstWhoseIndexIsNotBelow() {
        let list = [1, 4, 4 + 3, 20].map(phone)
        let positions = [0, 1, 2, 4, 5, 7, 8, 20, 21].map { Listeners.position(of: $0, in: list) { $0.index } }
        #expect(positions == [0, 0, 1, 1, 2, 2, 3, 3, 4])
    }

    @Test func aTillsOwnPhoneIsThePhoneNumberedAsItWhileThatPhoneIsOnTheFloor() {
        let loop = SimulationLoop()
        let medium = RadioMedium(parameters: RadioParameters(), clock: loop.clock, generator: SeededGenerator(seed: 1),
                                 audibility: .ownTillOnly)
        let early = medium.addPhone(CentralID(1), index: 1, motion: .standing(at: Position(x: 0, y: 0)))
        let tills = (0..<3).map { medium.addTill(TillID(UInt32($0 + 1)), at: Position(x: Double($0), y: 0)) }
        let late = medium.addPhone(CentralID(3), index: 2, motion: .standing(at: Position(x: 0, y: 0)))
        let far = medium.addPhone(CentralID(9), index: 9, motion: .standing(at: Position(x: 0, y: 0)))
        #expect(tills[0].ownPhone == nil)
        #expect(tills[1].ownPhone?.with { $0 === early } == true) // a phone added before its till
        #expect(tills[2].ownPhone?.with { $0 === late } == true)
        medium.removePhone(2)
        #expect(tills[2].ownPhone == nil)
        #expect(medium.listeners.ownPhones[2] == nil)
        #expect(medium.listeners.ownPhones.count == tills.count, "a phone numbered past every till (\(far.index)) is no till's own")
    }
}
