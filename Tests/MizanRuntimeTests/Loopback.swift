import MizanProtocol
import MizanSelection
import MizanTestSupport
@testable import MizanRuntime

/// One till and one phone, real drivers, joined by the named `LoopbackLink`:
/// every radio operation becomes an event for the other side, delivered in
/// FIFO order by `run()`. Timers are recorded, not fired. Keys come from fixed seeds.
final class Loopback {
    var host: HostDriver!
    var phone: PhoneDriver!
    var hostLog: [String] = []
    var phoneLog: [String] = []
    var hostEndings: [HostEnding] = []
    var phoneEndings: [PhoneEnding] = []
    var hostTimers: Set<HostTimer> = []
    var phoneTimers: Set<PhoneTimer> = []
    let wire = LoopbackLink(central: CentralID(1))
    /// Frames on the air, in order, for the log audit.
    var frames: [[UInt8]] { wire.frames }
    var central: CentralID { wire.central }
    var now: Duration = .zero
    /// Each side's key seed: replaying the same seeds gives the same frames.
    var hostSeed: UInt8 = 1
    var phoneSeed: UInt8 = 2

    init(tillID: TillID = TillID(7), label: String = "Till 7") throws {
        host = try HostDriver(
            tillID: tillID, tillLabel: label,
            radio: wire.peripheralRadio,
            clock: DeviceClock(now: { [unowned self] in now }, start: { [unowned self] t, _ in hostTimers.insert(t) },
                               cancel: { [unowned self] t in hostTimers.remove(t) }),
            keys: .seeded { [unowned self] in [UInt8](repeating: hostSeed, count: 32) },
            log: DeviceLog { [unowned self] in hostLog.append($0) },
            observe: { [unowned self] in if case let .finished(ending, _) = $0 { hostEndings.append(ending) } }
        )
        phone = PhoneDriver(
            find: .standard,
            radio: wire.centralRadio,
            clock: DeviceClock(now: { [unowned self] in now }, start: { [unowned self] t, _ in phoneTimers.insert(t) },
                               cancel: { [unowned self] t in phoneTimers.remove(t) }),
            keys: .seeded { [unowned self] in [UInt8](repeating: phoneSeed, count: 32) },
            log: DeviceLog { [unowned self] in phoneLog.append($0) },
            observe: { [unowned self] in if case let .finished(ending) = $0 { phoneEndings.append(ending) } }
        )
        wire.toTill = { [unowned self] in host.handle(radio: $0) }
        wire.toPhone = { [unowned self] in phone.handle(radio: $0) }
    }

    /// The till locks the amount and the phone finds it: the link is secure.
    func secureLink(_ amount: Amount) {
        host.handle(.entry(.lock(amount)))
        phoneFindsTheTill()
    }

    /// From a secure link: the payer confirms and the operator picks.
    func confirmAndPick(_ outcome: Outcome) {
        phone.handle(.review(.payerConfirms))
        run()
        host.handle(.payment(.operatorPicks(outcome)))
        run()
    }

    /// Delivers everything in flight, in order, until the link is quiet.
    func run() { wire.run() }

    /// The phone scans, hears this till's advertisement, and its scan window ends.
    func phoneFindsTheTill(rssi: Int = -60) {
        phone.handle(.find(.tapStart))
        if let advertisement = wire.advertising, wire.scanning {
            now += .milliseconds(100)
            phone.handle(radio: .discovered(advertisement, rssi: rssi))
        }
        now += .milliseconds(900)
        phoneTimers.remove(.scanWindow) // it fires
        phone.timerFired(.scanWindow)
        run()
    }
}
