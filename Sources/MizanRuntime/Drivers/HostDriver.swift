import MizanCrypto
import MizanProtocol

/// Runs a till: plumbing between its chain of machines and the injected radio,
/// clock, keys and log. Radio events go to the chain as reported; the chain's
/// commands come back out to the radio and the clock. It holds only what the
/// reducers must never see: the key pair and the sealing session.
public final class HostDriver {
    public let tillID: TillID
    public var state: HostChain.State { core.state }
    public var screen: HostScreen { core.screen }

    private let core: DriverCore<HostChain>
    private let radio: PeripheralRadio
    private let clock: DeviceClock<HostTimer>
    private let keys: KeySource
    private let log: DeviceLog
    private let observe: (HostObservation) -> Void

    private var session: SecureSession?
    private var ownKey: PublicKey?

    /// `cryptoLatency` is how long deriving the session keys takes; zero answers at once.
    public init(
        tillID: TillID, tillLabel: String, countdown: Duration = .seconds(60), cryptoLatency: Duration = .zero,
        radio: PeripheralRadio, clock: DeviceClock<HostTimer>, keys: KeySource, log: DeviceLog,
        observe: @escaping (HostObservation) -> Void
    ) throws(FrameError) {
        self.tillID = tillID
        let chain = try HostChain(tillID: tillID, tillLabel: tillLabel, countdown: countdown, cryptoLatency: cryptoLatency)
        core = DriverCore(chain: chain, log: log) { observe(.screen($0)) }
        self.radio = radio
        self.clock = clock
        self.keys = keys
        self.log = log
        self.observe = observe
        core.perform(with: self) { $0.run($1) }
    }

    // MARK: inputs

    /// An operator's action or any other outside event.
    public func handle(_ event: HostChain.Event) { core.handle(event) }

    /// The radio adapter: a dropped link and an unsubscribe are one lost link,
    /// and what the phone wrote is opened here; the rest goes as reported.
    public func handle(radio event: PeripheralRadioEvent) {
        switch event {
        case let .stateChanged(availability): handle(.radioChanged(availability))
        case .subscribed: break // the till knows a phone only by its key
        case let .unsubscribed(central), let .disconnected(central): handle(.linkLost(central))
        case let .wrote(central, bytes): handle(decode(bytes, from: central))
        case .readyToUpdate: handle(.readyToUpdate)
        case let .delivered(central): handle(.delivered(central))
        }
    }

    public func timerFired(_ timer: HostTimer) {
        switch timer {
        case .countdown: handle(.countdownExpired)
        case .crypto: handle(.cryptoLatencyElapsed)
        }
    }

    // MARK: effects

    private func run(_ command: HostChain.Command) {
        switch command {
        case let .startAdvertising(advertisement):
            radio.startAdvertising(FrameCodec.encode(.advertisement(advertisement)))
        case .stopAdvertising:
            radio.stopAdvertising()
        case let .startCountdown(duration):
            clock.start(.countdown, duration)
        case .cancelCountdown:
            clock.cancel(.countdown)
        case let .startCryptoTimer(duration):
            clock.start(.crypto, duration)
        case .cancelCryptoTimer:
            clock.cancel(.crypto)
        case let .establishSession(central, phoneKey, id):
            observe(.serving(central, id))
            do throws(CryptoError) {
                let own = try keys.next()
                session = try Handshake.tillSession(own: own, phoneKey: phoneKey, till: tillID, transaction: id, derive: keys.sessionKeys)
                ownKey = own.publicKey
                handle(.sessionEstablished)
            } catch {
                handle(.sessionRejected)
            }
        case let .sendAmount(central, details):
            guard let key = ownKey,
                  let sealed = seal(.amountDetails(details), in: .amount(hostKey: key.bytes, transactionID: details.transactionID, sealed: [])) else {
                return handle(.sessionRejected)
            }
            notify(central, FrameCodec.encode(.amount(hostKey: key.bytes, transactionID: details.transactionID, sealed: sealed)),
                   amount: true)
        case let .resendAmount(central, frame):
            notify(central, frame, amount: true)
        case let .send(central, message):
            let empty: Frame
            switch message {
            case .end: empty = .end(sealed: [])
            case .result, .amountDetails, .decision: empty = .result(sealed: [])
            }
            guard let sealed = seal(message, in: empty) else { return }
            let frame: Frame
            switch message {
            case .result: frame = .result(sealed: sealed)
            case .end: frame = .end(sealed: sealed)
            case .amountDetails, .decision: return // the till never sends these through `send`
            }
            notify(central, FrameCodec.encode(frame), amount: false)
        case let .resend(central, frame):
            notify(central, frame, amount: false)
        case let .refuse(central):
            _ = radio.notify(central, FrameCodec.encode(.busy))
        case .retireService:
            radio.retireService()
            session = nil
            ownKey = nil
        case let .finished(ending, id):
            log.record("ended: \(ending.screen.rawValue)")
            observe(.finished(ending, id))
        }
    }

    /// Hands a frame to the radio; the chain hears whether the amount is on the
    /// air, or that the radio's queue had no room for the frame.
    private func notify(_ central: CentralID, _ frame: [UInt8], amount: Bool) {
        if radio.notify(central, frame) {
            if amount { handle(.amountHandedToRadio) }
        } else {
            handle(.notifyQueueFull(central, frame))
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
            guard central == HostChain.served(state), var current = session else { return .frameRejected(central) }
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
