import MizanCrypto
import MizanProtocol
import MizanRuntime

/// One real till on a radio that records what it is asked to notify and
/// refuses as many notifications as a test tells it to, with recorded timers
/// and a phone's key pair from a fixed seed. Nothing is delivered unless the
/// test says so.
final class TillRig {
    static let till = TillID(7)
    static let payer = CentralID(1)
    static let amount = try! Amount(minorUnits: 1250, currency: .eur)

    var driver: HostDriver!
    /// Every notification the till asked for, refused or not, in order.
    var attempts: [[UInt8]] = []
    /// The notifications the radio took.
    var notified: [[UInt8]] = []
    /// How many of the next notifications the radio refuses (its queue is full).
    var refuseNext = 0
    var timers: [HostTimer: Duration] = [:]
    var endings: [HostEnding] = []
    let phoneKeys = try! KeyPair.derive(fromSeed: SecureBytes(copying: [UInt8](repeating: 2, count: 32)))

    init(cryptoLatency: Duration = .zero) throws {
        let radio = PeripheralRadio(
            startAdvertising: { _ in },
            stopAdvertising: {},
            notify: { [unowned self] _, bytes in
                attempts.append(bytes)
                if refuseNext > 0 {
                    refuseNext -= 1
                    return false
                }
                notified.append(bytes)
                return true
            },
            retireService: {}
        )
        driver = try HostDriver(
            tillID: Self.till, tillLabel: "Till 7", cryptoLatency: cryptoLatency, radio: radio,
            clock: DeviceClock(now: { .zero }, start: { [unowned self] timer, after in timers[timer] = after },
                               cancel: { [unowned self] timer in timers[timer] = nil }),
            keys: .seeded { [UInt8](repeating: 1, count: 32) }, log: .discard,
            observe: { [unowned self] in if case let .finished(ending, _) = $0 { endings.append(ending) } }
        )
    }

    /// The operator locks the amount and the payer's phone writes its key.
    func payerWritesItsKey() {
        driver.handle(.entry(.lock(Self.amount)))
        driver.handle(radio: .wrote(Self.payer, FrameCodec.encode(.phoneKey(phoneKeys.publicKey.bytes))))
    }

    /// The payer's phone's session, from the amount frame the till notified.
    func payerSession() throws -> SecureSession? {
        guard let frame = notified.first, case let .amount(hostKey, id, _) = try FrameCodec.decode(frame) else { return nil }
        return try Handshake.phoneSession(own: phoneKeys, hostKey: hostKey, till: Self.till, transaction: id)
    }
}
