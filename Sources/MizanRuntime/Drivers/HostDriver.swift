import MizanCrypto
import MizanProtocol

/// Runs a till: its chain of machines and the effect handler that carries out
/// their commands through the injected radio, clock, keys and log, feeding what
/// comes back into the chain. It also holds what the reducers must never see:
/// the key pair and the sealing session.
public final class HostDriver {
    public let tillID: TillID
    // Unchecked exclusivity on `state` and `queue`: each access is one call
    // into a pure reducer or the queue, which calls nothing back, so accesses
    // never overlap; the dynamic checks cost more than a packet's reduce.
    @exclusivity(unchecked) public private(set) var state = HostChain.State.initial
    public var screen: HostScreen { HostChain.screen(state) }

    private let chain: HostChain
    private let radio: PeripheralRadio
    private let clock: DeviceClock<HostTimer>
    private let keys: KeySource
    private let log: DeviceLog
    private let observe: (HostObservation) -> Void

    @exclusivity(unchecked) private var queue = EventQueue<HostChain.Event>()
    private var session: SecureSession?
    private var ownKey: PublicKey?
    private var served: CentralID?
    /// A notification the radio's queue had no room for, sent on `readyToUpdate`.
    private var pending: (central: CentralID, frame: [UInt8], isAmount: Bool)?
    private var awaitingResultDelivery = false
    /// How long deriving the session keys takes; zero answers at once.
    private let cryptoLatency: Duration
    private var sessionOutcome: HostChain.Event?

    public init(
        tillID: TillID, tillLabel: String, countdown: Duration = .seconds(60), cryptoLatency: Duration = .zero,
        radio: PeripheralRadio, clock: DeviceClock<HostTimer>, keys: KeySource, log: DeviceLog,
        observe: @escaping (HostObservation) -> Void
    ) throws(FrameError) {
        self.tillID = tillID
        chain = try HostChain(tillID: tillID, tillLabel: tillLabel, countdown: countdown)
        self.radio = radio
        self.clock = clock
        self.keys = keys
        self.log = log
        self.observe = observe
        self.cryptoLatency = cryptoLatency
    }

    // MARK: inputs

    /// An operator's action or any other outside event.
    public func handle(_ event: HostChain.Event) {
        // An event that effects provoke waits its turn; the first runs at once.
        guard queue.beginDraining() else { return queue.append(event) }
        process(event)
        while let next = queue.next() { process(next) }
    }

    private func process(_ event: HostChain.Event) {
        let before = screen
        for command in chain.reduce(&state, event) { run(command) }
        if screen != before {
            log.write("screen: \(screen.rawValue)")
            observe(.screen(screen))
        }
    }

    /// The radio adapter: folds a dropped link, an unsubscribe and Bluetooth
    /// going off into one lost link, and opens what the phone wrote.
    public func handle(radio event: PeripheralRadioEvent) {
        switch event {
        case let .stateChanged(availability):
            if availability != .on, let central = served { handle(.linkLost(central)) }
            handle(.radioChanged(availability))
        case .subscribed:
            break // the till knows a phone only by its key
        case let .unsubscribed(central), let .disconnected(central):
            handle(.linkLost(central))
        case let .wrote(central, bytes):
            handle(decode(bytes, from: central))
        case .readyToUpdate:
            if let waiting = pending, radio.notify(waiting.central, waiting.frame) {
                pending = nil
                if waiting.isAmount { handle(.amountHandedToRadio) }
            }
        case let .delivered(central):
            if awaitingResultDelivery, central == served {
                awaitingResultDelivery = false
                handle(.resultDelivered)
            }
        }
    }

    public func timerFired(_ timer: HostTimer) {
        switch timer {
        case .countdown: handle(.countdownExpired)
        case .crypto:
            if let outcome = sessionOutcome {
                sessionOutcome = nil
                handle(outcome)
            }
        }
    }

    /// The session's outcome reaches the chain now, or after the crypto's latency.
    private func finishCrypto(_ outcome: HostChain.Event) {
        if cryptoLatency == .zero {
            queue.append(outcome)
        } else {
            sessionOutcome = outcome
            clock.start(.crypto, cryptoLatency)
        }
    }

    // MARK: effects

    private func run(_ command: HostChain.Command) {
        switch command {
        case let .startAdvertising(advertisement):
            radio.startAdvertising(advertisement)
        case .stopAdvertising:
            radio.stopAdvertising()
        case let .startCountdown(duration):
            clock.start(.countdown, duration)
        case .cancelCountdown:
            clock.cancel(.countdown)
        case let .establishSession(central, phoneKey, id):
            served = central
            observe(.serving(central, id))
            do throws(CryptoError) {
                let own = try keys.next()
                let peer = try PublicKey(bytes: phoneKey)
                let transcript = Transcript(hostKey: own.publicKey, clientKey: peer, tillID: tillID.bytes, transactionID: id.bytes)
                session = try .host(own: own, client: peer, transcript: transcript)
                ownKey = own.publicKey
                finishCrypto(.sessionEstablished)
            } catch {
                finishCrypto(.sessionRejected)
            }
        case let .sendAmount(central, details):
            guard let key = ownKey,
                  let sealed = seal(.amountDetails(details), in: .amount(hostKey: key.bytes, transactionID: details.transactionID, sealed: [])) else {
                return queue.append(.sessionRejected)
            }
            let frame = FrameCodec.encode(.amount(hostKey: key.bytes, transactionID: details.transactionID, sealed: sealed))
            if radio.notify(central, frame) { queue.append(.amountHandedToRadio) } else { pending = (central, frame, true) }
        case let .send(central, message):
            let empty: Frame
            switch message {
            case .end: empty = .end(sealed: [])
            case .result, .amountDetails, .decision: empty = .result(sealed: [])
            }
            guard let sealed = seal(message, in: empty) else { return }
            let frame: Frame
            switch message {
            case .result: frame = .result(sealed: sealed); awaitingResultDelivery = true
            case .end: frame = .end(sealed: sealed)
            case .amountDetails, .decision: return // the till never sends these through `send`
            }
            if !radio.notify(central, FrameCodec.encode(frame)) { pending = (central, FrameCodec.encode(frame), false) }
        case let .refuse(central):
            _ = radio.notify(central, FrameCodec.encode(.busy))
        case .retireService:
            if sessionOutcome != nil {
                clock.cancel(.crypto)
                sessionOutcome = nil
            }
            radio.retireService()
            pending = nil
            session = nil
            ownKey = nil
            served = nil
            awaitingResultDelivery = false
        case let .finished(ending, id):
            log.write("ended: \(ending.screen.rawValue)")
            observe(.finished(ending, id))
        }
    }

    /// Seals `message` for `frame` (its sealed field empty): the frame's clear header is authenticated with it.
    private func seal(_ message: SealedMessage, in frame: Frame) -> [UInt8]? {
        guard var current = session else { return nil }
        defer { session = current }
        return try? current.seal(SealedMessageCodec.encode(message), frameHeader: FrameCodec.clearHeader(of: frame))
    }

    private func decode(_ bytes: [UInt8], from central: CentralID) -> HostChain.Event {
        let frame: Frame
        do throws(FrameError) { frame = try FrameCodec.decode(bytes) } catch { return .frameRejected(central) }
        switch frame {
        case let .phoneKey(key):
            return .phoneKeyReceived(central, key)
        case let .decision(sealed):
            guard central == served, var current = session else { return .frameRejected(central) }
            do {
                let message = try SealedMessageCodec.decode(try current.open(sealed, frameHeader: FrameCodec.clearHeader(of: frame)))
                session = current
                return .received(central, message)
            } catch {
                return .frameRejected(central)
            }
        case .advertisement, .amount, .result, .end, .busy:
            return .frameRejected(central) // a phone never writes these
        }
    }
}
