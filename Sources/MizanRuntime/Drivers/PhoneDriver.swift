import MizanCrypto
import MizanProtocol

/// Runs a payer's phone: its chain of machines and the effect handler that
/// carries out their commands through the injected radio, clock, keys and log.
/// It holds the phone's key pair and sealing session, which the reducers never see.
public final class PhoneDriver {
    // Unchecked exclusivity on `state` and `queue`: each access is one call
    // into a pure reducer or the queue, which calls nothing back, so accesses
    // never overlap; the dynamic checks cost more than a packet's reduce.
    @exclusivity(unchecked) public private(set) var state = PhoneChain.State.initial
    public var screen: PhoneScreen { PhoneChain.screen(state) }

    private let chain: PhoneChain
    private let radio: CentralRadio
    private let clock: DeviceClock<PhoneTimer>
    private let keys: KeySource
    private let log: DeviceLog
    private let observe: (PhoneObservation) -> Void

    @exclusivity(unchecked) private var queue = EventQueue<PhoneChain.Event>()
    private var till: TillID?
    private var ownKeys: KeyPair?
    private var session: SecureSession?
    private var awaitingKeyAcknowledgement = false
    private var linked = false

    public init(
        find: Find.Config = Find.Config(),
        radio: CentralRadio, clock: DeviceClock<PhoneTimer>, keys: KeySource, log: DeviceLog,
        observe: @escaping (PhoneObservation) -> Void
    ) {
        chain = PhoneChain(find: find)
        self.radio = radio
        self.clock = clock
        self.keys = keys
        self.log = log
        self.observe = observe
    }

    // MARK: inputs

    /// The payer's action or any other outside event.
    public func handle(_ event: PhoneChain.Event) {
        // An event that effects provoke waits its turn; the first runs at once.
        guard queue.beginDraining() else { return queue.append(event) }
        process(event)
        while let next = queue.next() { process(next) }
    }

    private func process(_ event: PhoneChain.Event) {
        let before = screen
        for command in chain.reduce(&state, event) { run(command) }
        if screen != before {
            log.write("screen: \(screen.rawValue)")
            observe(.screen(screen))
        }
    }

    /// The radio adapter: a dropped link, a vanished service and Bluetooth
    /// going off all become one lost link; notifications are opened here.
    public func handle(radio event: CentralRadioEvent) {
        switch event {
        case let .stateChanged(availability):
            // Bluetooth going off ends a link, or a connection being set up, as a lost link.
            if availability != .on, linked || till != nil {
                linked = false
                handle(.linkLost)
            }
            handle(.radioChanged(availability))
        case let .discovered(payload, rssi):
            // Other devices advertise too: a payload that is not a Mizan advertisement is not for us.
            guard let till = FrameCodec.advertisedTill(payload) else { return }
            handle(.advertisementSeen(RSSISample(till: till, rssi: rssi, at: clock.now())))
        case .connected:
            linked = true
            handle(.connected)
        case .failedToConnect:
            handle(.connectFailed)
        case .disconnected, .serviceInvalidated:
            guard linked else { return }
            linked = false
            handle(.linkLost)
        case let .notified(bytes):
            handle(decode(bytes))
        case .writeAcknowledged:
            if awaitingKeyAcknowledgement {
                awaitingKeyAcknowledgement = false
                handle(.keyWritten)
            }
        }
    }

    public func timerFired(_ timer: PhoneTimer) {
        switch timer {
        case .deadline: handle(.deadlinePassed)
        case .scanWindow: handle(.scanWindowElapsed(now: clock.now()))
        }
    }

    // MARK: effects

    private func run(_ command: PhoneChain.Command) {
        switch command {
        case .startScan: radio.startScan()
        case .stopScan: radio.stopScan()
        case let .startScanWindow(duration): clock.start(.scanWindow, duration)
        case .cancelScanWindow: clock.cancel(.scanWindow)
        case let .startDeadline(duration): clock.start(.deadline, duration)
        case .cancelDeadline: clock.cancel(.deadline)
        case let .connect(till):
            self.till = till
            observe(.connecting(till))
            radio.connect(till)
        case .sendPhoneKey:
            do throws(CryptoError) {
                let pair = try keys.next()
                ownKeys = pair
                awaitingKeyAcknowledgement = true
                observe(.sentKey)
                radio.write(FrameCodec.encode(.phoneKey(pair.publicKey.bytes)))
            } catch {
                queue.append(.frameRejected)
            }
        case let .send(message):
            guard var current = session,
                  let sealed = try? current.seal(SealedMessageCodec.encode(message), frameHeader: FrameCodec.clearHeader(of: .decision(sealed: []))) else {
                return queue.append(.frameRejected)
            }
            session = current
            radio.write(FrameCodec.encode(.decision(sealed: sealed)))
        case .disconnect:
            radio.disconnect()
            linked = false
            session = nil
            ownKeys = nil
            till = nil
            awaitingKeyAcknowledgement = false
        case let .finished(ending):
            log.write("ended: \(ending.screen.rawValue)")
            observe(.finished(ending))
        }
    }

    private func decode(_ bytes: [UInt8]) -> PhoneChain.Event {
        let frame: Frame
        do throws(FrameError) { frame = try FrameCodec.decode(bytes) } catch { return .frameRejected }
        switch frame {
        case let .amount(hostKey, transactionID, sealed):
            guard let own = ownKeys, let till, session == nil else { return .frameRejected }
            do {
                let host = try PublicKey(bytes: hostKey)
                let transcript = Transcript(hostKey: host, clientKey: own.publicKey, tillID: till.bytes, transactionID: transactionID.bytes)
                var opened = try SecureSession.client(own: own, host: host, transcript: transcript)
                let message = try SealedMessageCodec.decode(try opened.open(sealed, frameHeader: FrameCodec.clearHeader(of: frame)))
                guard case let .amountDetails(details) = message, details.transactionID == transactionID else { return .frameRejected }
                session = opened
                observe(.secureLink(transactionID))
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
            return .tillBusy
        case .advertisement, .phoneKey, .decision:
            return .frameRejected // a till never notifies these
        }
    }
}
