import MizanCrypto
import MizanProtocol

/// Runs a payer's phone: plumbing between its chain of machines and the
/// injected radio, clock, keys and log. Radio events go to the chain as
/// reported; notifications are opened here. It holds only what the reducers
/// never see: the phone's key pair and sealing session.
public final class PhoneDriver {
    public var state: PhoneChain.State { core.state }
    public var screen: PhoneScreen { core.screen }

    private let core: DriverCore<PhoneChain>
    private let device: DeviceDependencies<CentralRadio, PhoneTimer, PhoneObservation>

    private var ownKeys: KeyPair?
    private var session: SecureSession?

    public init(
        find: Find.Config,
        radio: CentralRadio, clock: DeviceClock<PhoneTimer>, keys: KeySource, log: DeviceLog,
        observe: @escaping (PhoneObservation) -> Void
    ) {
        core = DriverCore(chain: PhoneChain(find: find), log: log) { observe(.screen($0)) }
        device = DeviceDependencies(radio: radio, clock: clock, keys: keys, log: log, observe: observe)
        core.perform(with: self) { $0.run($1) }
    }

    // MARK: inputs

    /// The payer's action or any other outside event.
    public func handle(_ event: PhoneChain.Event) { core.handle(event) }

    /// The radio adapter: advertisements and notifications are decoded (and
    /// opened) here; the rest goes as reported.
    public func handle(radio event: CentralRadioEvent) {
        switch event {
        case let .stateChanged(availability):
            handle(.radioChanged(availability))
        case let .discovered(payload, rssi):
            heard(advertisement: payload, rssi: rssi)
        case .connected: handle(.connect(.connected))
        case .failedToConnect: handle(.connect(.connectFailed))
        case .disconnected: handle(.disconnected)
        case .serviceInvalidated: handle(.serviceInvalidated)
        case let .notified(bytes): handle(decode(bytes))
        case .writeAcknowledged: handle(.connect(.writeAcknowledged))
        }
    }

    /// `handle(radio: .discovered(payload, rssi: rssi))`, for a radio that hands its
    /// advertising reports over one by one without an event around each (the hottest input).
    public func heard(advertisement payload: [UInt8], rssi: Int) {
        // Other devices advertise too: a payload that is not a Mizan advertisement is not for us.
        guard let till = FrameCodec.advertisedTill(payload) else { return }
        // The chain's own reduction of it, without a whole `reduce` (it yields no command and changes no screen).
        let sample = RSSISample(till: till, rssi: rssi, at: device.clock.now())
        core.handleQuietly(.advertisementSeen(sample)) { PhoneChain.hear(sample, &$0) }
    }

    public func timerFired(_ timer: PhoneTimer) {
        switch timer {
        case .deadline: handle(.deadlinePassed)
        case .scanWindow: handle(.find(.scanWindowElapsed(now: device.clock.now())))
        }
    }

    // MARK: effects

    private func run(_ command: PhoneChain.Command) {
        switch command {
        case .find(.startScan): device.radio.startScan()
        case .find(.stopScan): device.radio.stopScan()
        case let .find(.startScanWindow(duration)): device.clock.start(.scanWindow, duration)
        case .find(.cancelScanWindow): device.clock.cancel(.scanWindow)
        case let .find(.startDeadline(duration)): device.clock.start(.deadline, duration)
        case .find(.cancelDeadline), .connect(.cancelDeadline): device.clock.cancel(.deadline)
        case let .find(.finished(ending)):
            device.log.record("ended: \(ending.screen.rawValue)")
            device.observe(.finished(ending))
        case let .connect(.connect(till)):
            device.observe(.connecting(till))
            device.radio.connect(till)
        case .connect(.sendPhoneKey):
            do throws(CryptoError) {
                let pair = try device.keys.next()
                ownKeys = pair
                device.observe(.sentKey)
                device.radio.write(FrameCodec.encode(.phoneKey(pair.publicKey.bytes)))
            } catch {
                handle(.frameRejected)
            }
        case let .review(.send(message)):
            guard var current = session,
                  let sealed = try? current.seal(SealedMessageCodec.encode(message), frameHeader: FrameCodec.clearHeader(of: .decision(sealed: []))) else {
                return handle(.frameRejected)
            }
            session = current
            device.radio.write(FrameCodec.encode(.decision(sealed: sealed)))
        case .connect(.disconnect):
            device.radio.disconnect()
            session = nil
            ownKeys = nil
        case .find(.startConnect), .connect(.startReview), .connect(.ended), .review(.startPayment), .review(.ended):
            assertionFailure("a hand-over between the machines came out of the chain, which routes them")
        }
    }

    private func decode(_ bytes: [UInt8]) -> PhoneChain.Event {
        let frame: Frame
        do throws(FrameError) { frame = try FrameCodec.decode(bytes) } catch { return .frameRejected }
        switch frame {
        case let .amount(hostKey, transactionID, sealed):
            guard let own = ownKeys, let till = PhoneChain.till(state), session == nil else { return .frameRejected }
            do {
                var opened = try Handshake.phoneSession(own: own, hostKey: hostKey, till: till, transaction: transactionID,
                                                        derive: device.keys.sessionKeys)
                let message = try SealedMessageCodec.decode(try opened.open(sealed, frameHeader: FrameCodec.clearHeader(of: frame)))
                guard case let .amountDetails(details) = message, details.transactionID == transactionID else { return .frameRejected }
                session = opened
                device.observe(.secureLink(transactionID))
                return .amountReceived(details)
            } catch {
                return .frameRejected
            }
        case let .result(sealed), let .end(sealed):
            guard var current = session else { return .frameRejected }
            do {
                let message = try SealedMessageCodec.decode(try current.open(sealed, frameHeader: FrameCodec.clearHeader(of: frame)))
                session = current
                return .received(message)
            } catch {
                return .frameRejected
            }
        case .busy:
            return .connect(.tillBusy)
        case .advertisement, .phoneKey, .decision:
            return .frameRejected // a till never notifies these
        }
    }
}
