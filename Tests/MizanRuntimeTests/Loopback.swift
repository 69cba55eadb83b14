import MizanProtocol
@testable import MizanRuntime

/// One till and one phone joined by a perfect in-memory link: every radio
/// operation becomes an event for the other side, delivered in FIFO order by
/// `run()`. Timers are recorded, not fired. Keys come from fixed seeds.
final class Loopback {
    var host: HostDriver!
    var phone: PhoneDriver!
    var hostLog: [String] = []
    var phoneLog: [String] = []
    var hostEndings: [HostEnding] = []
    var phoneEndings: [PhoneEnding] = []
    var hostTimers: Set<HostTimer> = []
    var phoneTimers: Set<PhoneTimer> = []
    /// Frames on the air, in order, for the log audit.
    var frames: [[UInt8]] = []
    private var deliveries: [() -> Void] = []
    private var advertising: Advertisement?
    private var serviceUp = false
    private var scanning = false
    let central = CentralID(1)
    var now: Duration = .zero
    /// Each side's key seed: replaying the same seeds gives the same frames.
    var hostSeed: UInt8 = 1
    var phoneSeed: UInt8 = 2

    init(tillID: TillID = TillID(7), label: String = "Till 7") throws {
        let hostRadio = PeripheralRadio(
            startAdvertising: { [unowned self] in advertising = $0; serviceUp = true },
            stopAdvertising: { [unowned self] in advertising = nil },
            notify: { [unowned self] _, bytes in
                frames.append(bytes)
                deliveries.append { [unowned self] in
                    guard serviceUp else { return }
                    phone.handle(radio: .notified(bytes))
                    host.handle(radio: .delivered(central))
                }
                return true
            },
            retireService: { [unowned self] in
                deliveries.append { [unowned self] in
                    serviceUp = false
                    phone.handle(radio: .serviceInvalidated)
                }
            }
        )
        let phoneRadio = CentralRadio(
            startScan: { [unowned self] in scanning = true },
            stopScan: { [unowned self] in scanning = false },
            connect: { [unowned self] _ in deliveries.append { [unowned self] in phone.handle(radio: .connected) } },
            write: { [unowned self] bytes in
                frames.append(bytes)
                deliveries.append { [unowned self] in
                    host.handle(radio: .wrote(central, bytes))
                    phone.handle(radio: .writeAcknowledged)
                }
            },
            disconnect: { [unowned self] in deliveries.append { [unowned self] in host.handle(radio: .unsubscribed(central)) } }
        )
        host = try HostDriver(
            tillID: tillID, tillLabel: label,
            radio: hostRadio,
            clock: DeviceClock(now: { [unowned self] in now }, start: { [unowned self] t, _ in hostTimers.insert(t) },
                               cancel: { [unowned self] t in hostTimers.remove(t) }),
            keys: .seeded { [unowned self] in [UInt8](repeating: hostSeed, count: 32) },
            log: DeviceLog { [unowned self] in hostLog.append($0) },
            observe: { [unowned self] in if case let .finished(ending, _) = $0 { hostEndings.append(ending) } }
        )
        phone = PhoneDriver(
            radio: phoneRadio,
            clock: DeviceClock(now: { [unowned self] in now }, start: { [unowned self] t, _ in phoneTimers.insert(t) },
                               cancel: { [unowned self] t in phoneTimers.remove(t) }),
            keys: .seeded { [unowned self] in [UInt8](repeating: phoneSeed, count: 32) },
            log: DeviceLog { [unowned self] in phoneLog.append($0) },
            observe: { [unowned self] in if case let .finished(ending) = $0 { phoneEndings.append(ending) } }
        )
    }

    /// The till locks the amount and the phone finds it: the link is secure.
    func secureLink(_ amount: Amount) {
        host.handle(.operatorLocks(amount))
        phoneFindsTheTill()
    }

    /// From a secure link: the payer confirms and the operator picks.
    func confirmAndPick(_ outcome: Outcome) {
        phone.handle(.payerConfirms)
        run()
        host.handle(.operatorPicks(outcome))
        run()
    }

    /// Delivers everything in flight, in order, until the link is quiet.
    func run() {
        while !deliveries.isEmpty { deliveries.removeFirst()() }
    }

    /// The phone scans, hears this till's advertisement, and its scan window ends.
    func phoneFindsTheTill(rssi: Int = -60) {
        phone.handle(.tapStart)
        if let advertisement = advertising, scanning {
            now += .milliseconds(100)
            phone.handle(radio: .discovered(FrameCodec.encode(.advertisement(advertisement)), rssi: rssi))
        }
        now += .milliseconds(900)
        phoneTimers.remove(.scanWindow) // it fires
        phone.timerFired(.scanWindow)
        run()
    }
}
