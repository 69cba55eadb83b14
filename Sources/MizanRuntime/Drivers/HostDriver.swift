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
    private let device: DeviceDependencies<PeripheralRadio, HostTimer, HostObservation>

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
        device = DeviceDependencies(radio: radio, clock: clock, keys: keys, log: log, observe: observe)
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
        case let .delivered(central): handle(.payment(.delivered(central)))
        }
    }

    public func timerFired(_ timer: HostTimer) {
        switch timer {
        case .countdown: handle(.broadcast(.countdownExpired))
        case .crypto: handle(.broadcast(.cryptoLatencyElapsed))
        }
    }

    // MARK: effects

    private func run(_ command: HostChain.Command) {
        switch command {
        case let .broadcast(.startAdvertising(advertisement)):
            device.radio.startAdvertising(FrameCodec.encode(.advertisement(advertisement)))
        case .broadcast(.stopAdvertising):
            device.radio.stopAdvertising()
        case let .broadcast(.startCountdown(duration)):
            device.clock.start(.countdown, duration)
        case .broadcast(.cancelCountdown):
            device.clock.cancel(.countdown)
        case let .broadcast(.startCryptoTimer(duration)):
            device.clock.start(.crypto, duration)
        case .broadcast(.cancelCryptoTimer):
            device.clock.cancel(.crypto)
        case let .broadcast(.establishSession(central, phoneKey, id)):
            device.observe(.serving(central, id))
            do throws(CryptoError) {
                let own = try device.keys.next()
                session = try Handshake.tillSession(own: own, phoneKey: phoneKey, till: tillID, transaction: id, derive: device.keys.sessionKeys)
                ownKey = own.publicKey
                handle(.broadcast(.sessionEstablished))
            } catch {
                handle(.broadcast(.sessionRejected))
            }
        case let .broadcast(.sendAmount(central, details)):
            guard let key = ownKey,
                  let sealed = seal(.amountDetails(details), in: .amount(hostKey: key.bytes, transactionID: details.transactionID, sealed: [])) else {
                return handle(.broadcast(.sessionRejected))
            }
            notify(central, FrameCodec.encode(.amount(hostKey: key.bytes, transactionID: details.transactionID, sealed: sealed)),
                   amount: true)
        case let .broadcast(.resendAmount(central, frame)):
            notify(central, frame, amount: true)
        case let .payment(.send(central, message)):
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
        case let .payment(.resend(central, frame)):
            notify(central, frame, amount: false)
        case let .broadcast(.refuse(central)), let .payment(.refuse(central)):
            _ = device.radio.notify(central, FrameCodec.encode(.busy))
        case .broadcast(.retireService), .payment(.retireService):
            device.radio.retireService()
            session = nil
            ownKey = nil
        case let .entry(.finished(ending, id)):
            device.log.record("ended: \(ending.screen.rawValue)")
            device.observe(.finished(ending, id))
        case .entry(.startBroadcast), .broadcast(.startPayment), .broadcast(.ended), .payment(.ended):
            assertionFailure("a hand-over between the machines came out of the chain, which routes them")
        }
    }

    /// Hands a frame to the radio; the chain hears whether the amount is on the
    /// air, or that the radio's queue had no room for the frame.
    private func notify(_ central: CentralID, _ frame: [UInt8], amount: Bool) {
        if device.radio.notify(central, frame) {
            if amount { handle(.broadcast(.amountHandedToRadio)) }
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
