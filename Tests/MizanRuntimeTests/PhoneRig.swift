import MizanProtocol
import MizanSelection
import MizanRuntime

/// One real phone on a radio that records what it is asked to do, with
/// recorded timers and a clock the test moves. Nothing is delivered unless
/// the test says so.
final class PhoneRig {
    static let till = TillID(7)

    var driver: PhoneDriver!
    var now: Duration = .zero
    var connects: [TillID] = []
    var writes: [[UInt8]] = []
    var disconnects = 0
    var timers: Set<PhoneTimer> = []
    var endings: [PhoneEnding] = []
    /// Runs when the phone reports an ending, inside the driver's turn (as a
    /// floor's reaction would).
    var onEnding: () -> Void = {}

    init() {
        let radio = CentralRadio(
            startScan: {}, stopScan: {},
            connect: { [unowned self] in connects.append($0) },
            write: { [unowned self] in writes.append($0) },
            disconnect: { [unowned self] in disconnects += 1 }
        )
        driver = PhoneDriver(
            find: .standard,
            radio: radio,
            clock: DeviceClock(now: { [unowned self] in now }, start: { [unowned self] timer, _ in timers.insert(timer) },
                               cancel: { [unowned self] timer in timers.remove(timer) }),
            keys: .seeded { [UInt8](repeating: 2, count: 32) }, log: .discard,
            observe: { [unowned self] in if case let .finished(ending) = $0 { endings.append(ending); onEnding() } }
        )
    }

    /// The till's advertisement as the radio reports it.
    static let advertisement = FrameCodec.encode(.advertisement(Advertisement(tillID: till)))

    /// The payer taps Start, the phone hears the till, and its scan window ends: it connects.
    func chooseTheTill() {
        driver.handle(.find(.tapStart))
        now += .milliseconds(100)
        driver.handle(radio: .discovered(Self.advertisement, rssi: -60))
        now += .milliseconds(900)
        timers.remove(.scanWindow)
        driver.timerFired(.scanWindow)
    }
}
