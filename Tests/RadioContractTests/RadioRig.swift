import MizanGeometry
import MizanProtocol
import MizanTestSupport
import MizanRuntime
@testable import MizanSim
@testable import MizanRadio
@testable import MizanTime

/// One till's radio and one phone's radio joined by the radio under test, and
/// everything either end heard, in one list in the order it was heard.
final class RadioRig {
    let name: String
    let tillID = TillID(5)
    private(set) var peripheral: PeripheralRadio!
    private(set) var central: CentralRadio!
    private(set) var heard: [Heard] = []
    /// Lets everything in flight happen (on virtual time where the radio has a clock).
    private(set) var settle: () -> Void = {}
    private(set) var dropLink: () -> Void = {}
    /// Keeps the radio (and its clock) alive for the rig's lifetime.
    private var owner: AnyObject?

    enum Heard: Equatable, CustomStringConvertible {
        case till(PeripheralRadioEvent)
        case phone(CentralRadioEvent)
        var description: String {
            switch self {
            case let .till(event): "till: \(event)"
            case let .phone(event): "phone: \(event)"
            }
        }
    }

    init(name: String) { self.name = name }

    /// The till's advertisement, as its driver puts it on the air.
    var advertisement: [UInt8] { FrameCodec.encode(.advertisement(Advertisement(tillID: tillID))) }
    var tillHeard: [PeripheralRadioEvent] { heard.compactMap { if case let .till(event) = $0 { event } else { nil } } }
    var phoneHeard: [CentralRadioEvent] { heard.compactMap { if case let .phone(event) = $0 { event } else { nil } } }
    func forget() { heard.removeAll() }

    /// The till advertises, the phone scans and hears it, connects and is subscribed.
    func connect() {
        peripheral.startAdvertising(advertisement)
        central.startScan()
        settle()
        central.stopScan()
        central.connect(tillID)
        settle()
    }

    /// The named in-memory link with no clock, as the drivers' tests use it.
    static func loopback() -> RadioRig {
        let rig = RadioRig(name: "loopback link")
        let link = LoopbackLink(central: CentralID(1))
        link.toTill = { [unowned rig] in rig.heard.append(.till($0)) }
        link.toPhone = { [unowned rig] in rig.heard.append(.phone($0)) }
        rig.peripheral = link.peripheralRadio
        rig.central = link.centralRadio
        // The loopback has no advertising packets: the phone hears the advertisement when it scans.
        let scan = rig.central.startScan
        rig.central.startScan = { [unowned rig, unowned link] in
            scan()
            if let advertisement = link.advertising {
                rig.heard.append(.phone(.discovered(advertisement, rssi: -60)))
            }
        }
        rig.settle = { [unowned link] in link.run() }
        rig.dropLink = { [unowned link] in link.dropLink() }
        rig.owner = link
        return rig
    }

    /// The named in-memory link on virtual time that the rehearsal lanes run on.
    static func inMemory() -> RadioRig {
        let rig = RadioRig(name: "in-memory link")
        let loop = SimulationLoop()
        let link = InMemoryLink(clock: loop.clock, timing: LinkTiming(), central: CentralID(1), till: rig.tillID)
        link.toTill = { [unowned rig] in rig.heard.append(.till($0)) }
        link.toPhone = { [unowned rig] in rig.heard.append(.phone($0)) }
        rig.peripheral = link.peripheralRadio
        rig.central = link.centralRadio
        rig.settle = { [unowned loop] in loop.run(for: .seconds(2)) }
        rig.dropLink = { [unowned link] in link.dropLink() }
        rig.owner = Owners(loop, link)
        return rig
    }

    /// The floor's medium: one till and one phone a metre apart on an ideal
    /// radio, on the simple link layer or the faithful one (`docs/link-layer.md`).
    static func medium(_ linkLayer: LinkLayer = .simple) -> RadioRig {
        let rig = RadioRig(name: linkLayer == .simple ? "medium" : "medium, faithful link layer")
        let loop = SimulationLoop()
        let medium = RadioMedium(parameters: .ideal, clock: loop.clock, generator: SeededGenerator(seed: 11), linkLayer: linkLayer)
        let till = medium.addTill(rig.tillID, at: Position(x: 0, y: 0, z: 1))
        let phone = medium.addPhone(CentralID(1), motion: .standing(at: Position(x: 1, y: 0, z: 1)))
        till.deliver = { [unowned rig] in rig.heard.append(.till($0)) }
        phone.deliver = { [unowned rig] in rig.heard.append(.phone($0)) }
        rig.peripheral = medium.peripheralRadio(for: till)
        rig.central = medium.centralRadio(for: phone)
        // The faithful set-up takes several connection events and drawn response times: settle longer.
        rig.settle = { [unowned loop] in loop.run(for: .seconds(linkLayer == .simple ? 2 : 20)) }
        rig.dropLink = { [unowned medium] in medium.dropLinks(phone: 0) }
        rig.owner = Owners(loop, medium)
        return rig
    }

    static let all: [@Sendable () -> RadioRig] = [{ loopback() }, { inMemory() }, { medium() }, { medium(.faithful(.standard)) }]
    static let names = ["loopback link", "in-memory link", "medium", "medium, faithful link layer"]
}

private final class Owners {
    let first: AnyObject
    let second: AnyObject
    init(_ first: AnyObject, _ second: AnyObject) {
        self.first = first
        self.second = second
    }
}
