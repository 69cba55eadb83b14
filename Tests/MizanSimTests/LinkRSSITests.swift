import MizanGeometry
import MizanProtocol
import Testing
@testable import MizanSim
@testable import MizanRadio
@testable import MizanTime

@Suite("A link's mean RSSI, kept while its phone stands")
struct LinkRSSITests {
    @Test(arguments: [AdvertisingModel.signal, .simple])
    func theKeptMeanIsAFreshLinksUntilThePhoneMovesAndTheNewStandsAfter(_ advertising: AdvertisingModel) {
        let loop = SimulationLoop()
        var parameters = RadioParameters()
        parameters.advertising = advertising
        let medium = RadioMedium(parameters: parameters, clock: loop.clock, generator: SeededGenerator(seed: 4))
        let till = medium.addTill(TillID(1), at: Position(x: 0, y: 0, z: 1))
        let phone = medium.addPhone(CentralID(1), motion: .standing(at: Position(x: 1, y: 0)))
        func link() -> Link { Link(phone: phone, till: till, interval: .milliseconds(30), supervisionTimeout: .seconds(4)) }
        let kept = link()
        let near = medium.linkRSSI(kept)
        #expect(medium.linkRSSI(kept) == near)
        #expect(medium.linkRSSI(link()) == near)
        phone.motion = .standing(at: Position(x: 12, y: 5))
        let far = medium.linkRSSI(kept)
        #expect(far == medium.linkRSSI(link()), "the new stand's mean, not the kept one")
        #expect(far < near - 5, "12 m off is weaker than 1 m")
    }
}
