import MizanCrypto
import MizanProtocol
import MizanRuntime
import MizanSim
import MizanRadio
import MizanTime

/// Plays one side of a transaction from a `PeerScript`, speaking the real
/// protocol: real frames (`FrameCodec`), a real key pair from its seed, real
/// sealed messages (`SecureSession`, `SealedMessageCodec`). Steps run in
/// order; a step that waits (connect, expect, wait) holds the script until
/// what it waits for happens. Whatever goes wrong ends the script with a
/// `failure` that names the step; the lane reports it.
final class ScriptedPeer {
    let script: PeerScript
    private let link: InMemoryLink
    private let recorder: FrameRecorder
    private let log: DeviceLog
    private let till: LaneTill
    private let amount: Amount

    private(set) var failure: String?
    private(set) var stepIndex = 0
    var finished: Bool { failure == nil && stepIndex == script.steps.count }

    private var advancing = false
    private var stepStarted = false
    private var waitElapsed = false
    private var deadline: TimerID?

    // What the peer has seen.
    private var inbox: [[UInt8]] = []
    private var subscribed = false
    private var connected = false
    private var linkLost = false
    private var writes = 0
    private var acknowledged = 0

    // Its keys and session.
    private var keys: KeyPair?
    private var session: SecureSession?
    private var phoneKey: [UInt8]?
    private var heardTill: TillID?
    private var transactionID: TransactionID
    private var lastSealed: [UInt8]?

    private lazy var tillRadio = link.peripheralRadio
    private lazy var phoneRadio = link.centralRadio

    init(script: PeerScript, link: InMemoryLink, recorder: FrameRecorder, log: DeviceLog, till: LaneTill, amount: Amount) {
        self.script = script
        self.link = link
        self.recorder = recorder
        self.log = log
        self.till = till
        self.amount = amount
        transactionID = script.transactionID ?? TransactionID(UInt64(till.id.rawValue) << 32)
    }

    var isTill: Bool { script.side == .host }

    // MARK: what the radio reports

    func hear(_ event: PeripheralRadioEvent) {
        switch event {
        case .subscribed:
            subscribed = true
            linkLost = false
        case .unsubscribed, .disconnected:
            linkLost = true
        case let .wrote(_, bytes):
            inbox.append(bytes)
        case .stateChanged, .readyToUpdate, .delivered:
            break
        }
        advance()
    }

    func hear(_ event: CentralRadioEvent) {
        switch event {
        case let .discovered(payload, _):
            guard heardTill == nil, case let .advertisement(advertisement)? = try? FrameCodec.decode(payload) else { break }
            heardTill = advertisement.tillID
            phoneRadio.stopScan()
            phoneRadio.connect(advertisement.tillID)
        case .connected:
            connected = true
            linkLost = false
        case .failedToConnect:
            fail("the till refused the connection")
        case .disconnected, .serviceInvalidated:
            linkLost = true
        case let .notified(bytes):
            inbox.append(bytes)
        case .writeAcknowledged:
            acknowledged += 1
        case .stateChanged:
            break
        }
        advance()
    }

    // MARK: running the steps

    /// Runs steps until one has to wait. Events that arrive while a step runs
    /// only update what the peer has seen; the loop reads it afresh.
    func advance() {
        guard !advancing else { return }
        advancing = true
        defer { advancing = false }
        while failure == nil, stepIndex < script.steps.count {
            guard perform(script.steps[stepIndex]), failure == nil else { return }
            log.write("peer: done: \(script.steps[stepIndex].label)")
            if let deadline { link.clock.cancel(deadline) }
            deadline = nil
            stepStarted = false
            waitElapsed = false
            stepIndex += 1
        }
    }

    private func fail(_ message: String) {
        guard failure == nil else { return }
        let step = stepIndex < script.steps.count ? "step \(stepIndex + 1) (\(script.steps[stepIndex].label))" : "after the last step"
        failure = "\(step): \(message)"
        log.write("peer: stopped")
    }

    /// Does the step, or checks whether what it waits for has happened. True when it is done.
    private func perform(_ step: PeerStep) -> Bool {
        switch step {
        case .advertise:
            tillRadio.startAdvertising(FrameCodec.encode(.advertisement(Advertisement(tillID: till.id))))
            return true
        case .stopAdvertising:
            tillRadio.stopAdvertising()
            return true
        case .retireService:
            tillRadio.retireService()
            return true
        case .connect:
            if !stepStarted {
                stepStarted = true
                connected = false
                heardTill = nil
                phoneRadio.startScan()
            }
            return connected
        case .unsubscribe:
            phoneRadio.disconnect()
            return true
        case let .send(frame, tamper):
            send(frame, tamper)
            return true
        case let .expect(expectation, within):
            if !stepStarted {
                stepStarted = true
                if let within {
                    deadline = link.clock.schedule(after: within) { [unowned self] in
                        deadline = nil
                        fail("nothing within the time allowed")
                    }
                }
            }
            return check(expectation)
        case let .wait(duration):
            if !stepStarted {
                stepStarted = true
                link.clock.schedule(after: duration) { [unowned self] in
                    waitElapsed = true
                    advance()
                }
            }
            return waitElapsed
        case .dropLink:
            link.dropLink()
            return true
        case let .bluetooth(state):
            link.setPower(till: isTill, state)
            return true
        }
    }

    private func check(_ expectation: PeerExpectation) -> Bool {
        switch expectation {
        case .subscribed: return subscribed
        case .acknowledged: return acknowledged >= writes
        case .linkLost: return linkLost
        case let .frame(type, check):
            guard !inbox.isEmpty else {
                if linkLost { fail("the link was lost before the \(type.name) arrived") }
                return false
            }
            receive(inbox.removeFirst(), type, check)
            return true
        }
    }

    // MARK: frames

    private func send(_ frame: PeerFrame, _ tamper: Tamper?) {
        let bytes: [UInt8]
        do throws(PeerError) {
            bytes = try encode(frame, tamper)
        } catch {
            return fail(error.message)
        }
        if isTill { _ = tillRadio.notify(link.central, bytes) } else { writes += 1; phoneRadio.write(bytes) }
        if let tamper { recorder.tamperedLast(tamper) }
    }

    private func encode(_ frame: PeerFrame, _ tamper: Tamper?) throws(PeerError) -> [UInt8] {
        switch frame {
        case .phoneKey:
            return FrameCodec.encode(.phoneKey(try ownKeys().publicKey.bytes))
        case .amount:
            guard let phoneKey else { throw PeerError("no phone key arrived to seal the amount for") }
            let own = try ownKeys()
            do throws(CryptoError) {
                session = try Handshake.tillSession(own: own, phoneKey: phoneKey, till: till.id, transaction: transactionID)
            } catch {
                throw PeerError("the phone's key was refused (\(error))")
            }
            let details: AmountDetails
            do throws(FrameError) { details = try AmountDetails(amount: amount, tillLabel: till.label, transactionID: transactionID) } catch {
                throw PeerError("the amount details are invalid (\(error))")
            }
            let sealed = try seal(.amountDetails(details), in: .amount(hostKey: own.publicKey.bytes, transactionID: transactionID, sealed: []), tamper)
            return FrameCodec.encode(.amount(hostKey: own.publicKey.bytes, transactionID: transactionID, sealed: sealed))
        case let .decision(decision):
            return FrameCodec.encode(.decision(sealed: try seal(.decision(decision), in: .decision(sealed: []), tamper)))
        case let .result(outcome):
            return FrameCodec.encode(.result(sealed: try seal(.result(outcome), in: .result(sealed: []), tamper)))
        case .end:
            return FrameCodec.encode(.end(sealed: try seal(.end(.cancelled), in: .end(sealed: []), tamper)))
        case .busy:
            return FrameCodec.encode(.busy)
        }
    }

    private func ownKeys() throws(PeerError) -> KeyPair {
        if let keys { return keys }
        var generator = SeededGenerator(seed: script.seed).split("peer keys")
        do throws(CryptoError) {
            let pair = try KeyPair.derive(fromSeed: SecureBytes(copying: generator.bytes(count: KeyPair.seedByteCount)))
            keys = pair
            recorder.madeKeys(pair, till: isTill)
            return pair
        } catch {
            throw PeerError("no key pair (\(error))")
        }
    }

    /// Seals the next message, then spoils it as asked. A replay sends the
    /// previous sealed field again instead of sealing anything.
    private func seal(_ message: SealedMessage, in frame: Frame, _ tamper: Tamper?) throws(PeerError) -> [UInt8] {
        if tamper == .replay {
            guard let lastSealed else { throw PeerError("nothing was sealed before to replay") }
            return lastSealed
        }
        guard var current = session else { throw PeerError("no secure session yet") }
        var sealed: [UInt8]
        do throws(CryptoError) { sealed = try current.seal(SealedMessageCodec.encode(message), frameHeader: FrameCodec.clearHeader(of: frame)) } catch {
            throw PeerError("sealing failed (\(error))")
        }
        session = current
        lastSealed = sealed
        switch tamper {
        case nil, .replay?: break
        case .flip?: sealed[sealed.count - 1] ^= 0x01
        case .wrongDirection?:
            sealed[0] = sealed[0] == Direction.hostToClient.rawValue ? Direction.clientToHost.rawValue : Direction.hostToClient.rawValue
        case .truncate?: sealed = Array(sealed.prefix(Frame.minimumSealedByteCount - 1))
        }
        return sealed
    }

    /// Decodes and opens what the real side sent, and checks it is what the script expects.
    private func receive(_ bytes: [UInt8], _ expected: FrameType, _ check: ContentCheck?) {
        let frame: Frame
        do throws(FrameError) { frame = try FrameCodec.decode(bytes) } catch {
            return fail("expected the \(expected.name), got a frame that does not decode (\(error))")
        }
        guard let type = FrameType(peeking: bytes), type == expected else {
            return fail("expected the \(expected.name), got the \(FrameType(peeking: bytes)?.name ?? "unknown frame")")
        }
        switch frame {
        case let .phoneKey(key):
            phoneKey = key
        case let .amount(hostKey, id, sealed):
            guard let own = keys, let heardTill else { return fail("an amount arrived before this phone sent its key") }
            do {
                var opened = try Handshake.phoneSession(own: own, hostKey: hostKey, till: heardTill, transaction: id)
                let message = try SealedMessageCodec.decode(try opened.open(sealed, frameHeader: FrameCodec.clearHeader(of: frame)))
                guard case let .amountDetails(details) = message, details.transactionID == id else {
                    return fail("the sealed amount holds something else")
                }
                guard details.amount == amount, details.tillLabel == till.label else {
                    return fail("the amount or the till's label is not the lane's")
                }
                session = opened
                transactionID = id
            } catch {
                return fail("the amount failed to open")
            }
        case let .decision(sealed), let .result(sealed), let .end(sealed):
            guard let message = open(sealed, type, header: FrameCodec.clearHeader(of: frame)) else { return }
            switch (message, check) {
            case let (.decision(got), .decision(want)?) where got != want: fail("expected the payer to \(want), got \(got)")
            case let (.result(got), .outcome(want)?) where got != want: fail("expected a \(want) result, got \(got)")
            case (.decision, _), (.result, _), (.end, _), (.amountDetails, _): break
            }
        case .busy, .advertisement:
            break
        }
    }

    /// Opens a sealed field with the session; the message must be of the frame's kind.
    private func open(_ sealed: [UInt8], _ type: FrameType, header: [UInt8]) -> SealedMessage? {
        guard var current = session else {
            fail("the \(type.name) arrived before a secure session")
            return nil
        }
        do {
            let message = try SealedMessageCodec.decode(try current.open(sealed, frameHeader: header))
            session = current
            switch (message, type) {
            case (.decision, .decision), (.result, .result), (.end, .end): return message
            case (.amountDetails, _), (.decision, _), (.result, _), (.end, _):
                fail("the sealed \(type.name) holds something else")
                return nil
            }
        } catch {
            fail("the \(type.name) failed to open")
            return nil
        }
    }
}

/// Why a scripted peer could not do a step.
struct PeerError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
