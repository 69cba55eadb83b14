import MizanTime
import MizanProtocol
import MizanRuntime

/// A named test radio: one till and one phone joined in memory on virtual
/// time, a deterministic stand-in for the medium (no signal model, no loss
/// unless someone drops the link). The rehearsal lanes run on it. Either end
/// can be a real driver or a scripted peer: the till's end is a
/// `PeripheralRadio` and hears `PeripheralRadioEvent`s, the phone's end a
/// `CentralRadio` and hears `CentralRadioEvent`s. Every frame is reported to
/// `onSent` (which numbers it) and, when it arrives, to `onArrived`. The radio
/// contract tests hold it to the same behaviours as the medium.
public final class InMemoryLink {
    public let clock: VirtualClock
    public let timing: LinkTiming
    public let central: CentralID
    /// The till at the link's other end: the phone connects to it by this id.
    public let till: TillID
    /// A frame was handed to the link (bytes, whether it goes to the till, when); returns its number.
    private let onSent: ([UInt8], Bool, Duration) -> Int
    /// Frame number `index` arrived.
    private let onArrived: (Int, Duration) -> Void
    /// Where each end hears its radio.
    public var toTill: (PeripheralRadioEvent) -> Void = { _ in }
    public var toPhone: (CentralRadioEvent) -> Void = { _ in }

    private var tillPower: RadioAvailability = .on
    private var phonePower: RadioAvailability = .on
    private var advertisement: [UInt8]?
    private var serviceUp = false
    private var scanning = false
    private var beacon: TimerID?
    private var connecting = false
    /// Bumped whenever the link opens or closes: a frame in flight on an older link is lost.
    private var generation = 0
    private var linked = false
    /// The phone has let go (unsubscribed): nothing more reaches it on this link.
    private var phoneAttached = false
    private var lastUp: Duration = .zero
    private var lastDown: Duration = .zero

    public init(
        clock: VirtualClock, timing: LinkTiming, central: CentralID, till: TillID,
        onSent: @escaping ([UInt8], Bool, Duration) -> Int = { _, _, _ in 0 },
        onArrived: @escaping (Int, Duration) -> Void = { _, _ in }
    ) {
        self.clock = clock
        self.timing = timing
        self.central = central
        self.till = till
        self.onSent = onSent
        self.onArrived = onArrived
    }

    public var now: Duration { clock.now.sinceStart }

    // MARK: the till's radio

    public var peripheralRadio: PeripheralRadio {
        PeripheralRadio(
            startAdvertising: { [unowned self] payload in
                guard tillPower == .on else { return }
                advertisement = payload
                serviceUp = true
                startBeacon()
            },
            stopAdvertising: { [unowned self] in advertisement = nil },
            notify: { [unowned self] _, bytes in notify(bytes) },
            retireService: { [unowned self] in retireService() }
        )
    }

    private func notify(_ bytes: [UInt8]) -> Bool {
        let index = onSent(bytes, false, now)
        guard linked, tillPower == .on else { return true } // nobody to notify: the frame goes nowhere
        let arrival = max(now, lastDown) + timing.flight
        lastDown = arrival
        let sentOn = generation
        clock.schedule(at: VirtualInstant(sinceStart: arrival)) { [unowned self] in
            guard linked, generation == sentOn, phoneAttached else { return }
            onArrived(index, now)
            toPhone(.notified(bytes))
            if linked, generation == sentOn { toTill(.delivered(central)) }
        }
        return true
    }

    private func retireService() {
        advertisement = nil
        let at = max(now, lastDown)
        clock.schedule(at: VirtualInstant(sinceStart: at)) { [unowned self] in
            guard advertisement == nil else { return } // advertising again: a new service is up
            serviceUp = false
            guard linked else { return }
            let closed = close()
            clock.schedule(after: timing.retire) { [unowned self] in
                if closed.phoneAttached { toPhone(.serviceInvalidated) }
            }
        }
    }

    // MARK: the phone's radio

    public var centralRadio: CentralRadio {
        CentralRadio(
            startScan: { [unowned self] in
                guard phonePower == .on else { return }
                scanning = true
                startBeacon()
            },
            stopScan: { [unowned self] in scanning = false },
            connect: { [unowned self] till in connect(to: till) },
            write: { [unowned self] bytes in write(bytes) },
            disconnect: { [unowned self] in disconnect() }
        )
    }

    /// While the phone scans and the till advertises, the phone hears a packet every interval.
    private func startBeacon() {
        guard beacon == nil, scanning, advertisement != nil else { return }
        beacon = clock.schedule(after: timing.advertisingInterval) { [unowned self] in
            beacon = nil
            guard scanning, phonePower == .on, tillPower == .on, let payload = advertisement else { return }
            toPhone(.discovered(payload, rssi: -60))
            startBeacon()
        }
    }

    private func connect(to till: TillID) {
        connecting = true
        clock.schedule(after: timing.connect) { [unowned self] in
            guard connecting else { return }
            connecting = false
            guard serviceUp, advertisement != nil, till == self.till, tillPower == .on, phonePower == .on, !linked else {
                return toPhone(.failedToConnect)
            }
            linked = true
            phoneAttached = true
            generation += 1
            lastUp = now
            lastDown = now
            // "Connected" means connected and subscribed: the subscription is a
            // write with response to "To client"'s descriptor, so the till sees
            // it before the phone hears it answered (as on the medium).
            toTill(.subscribed(central))
            if linked { toPhone(.connected) }
        }
    }

    private func write(_ bytes: [UInt8]) {
        let index = onSent(bytes, true, now)
        guard linked, phoneAttached, phonePower == .on else { return }
        let arrival = max(now, lastUp) + timing.flight
        lastUp = arrival
        let sentOn = generation
        clock.schedule(at: VirtualInstant(sinceStart: arrival)) { [unowned self] in
            guard linked, generation == sentOn else { return }
            onArrived(index, now)
            toTill(.wrote(central, bytes))
            if linked, generation == sentOn, phoneAttached { toPhone(.writeAcknowledged) }
        }
    }

    private func disconnect() {
        connecting = false
        guard linked, phoneAttached else { return }
        phoneAttached = false
        let sentOn = generation
        // Pending writes go first; then the till sees the phone unsubscribe.
        clock.schedule(at: VirtualInstant(sinceStart: max(now, lastUp) + timing.retire)) { [unowned self] in
            guard linked, generation == sentOn else { return }
            _ = close()
            toTill(.unsubscribed(central))
        }
    }

    // MARK: faults

    /// Closes the link on both sides' books; returns what it was.
    @discardableResult
    private func close() -> (wasLinked: Bool, phoneAttached: Bool) {
        let was = (linked, phoneAttached)
        linked = false
        phoneAttached = false
        generation += 1
        return was
    }

    /// The link is lost now (a drop): both ends are told at once; frames in flight are lost.
    public func dropLink() {
        connecting = false
        guard linked else { return }
        let (_, attached) = close()
        if attached { toPhone(.disconnected) }
        toTill(.disconnected(central))
    }

    /// A device's Bluetooth changes. Its own end hears at once; the other end
    /// notices a lost link only after the supervision timeout.
    public func setPower(till: Bool, _ availability: RadioAvailability) {
        if till {
            tillPower = availability
            if availability != .on {
                advertisement = nil
                serviceUp = false
                if linked {
                    let (_, attached) = close()
                    if attached { clock.schedule(after: timing.supervision) { [unowned self] in toPhone(.disconnected) } }
                }
            }
            toTill(.stateChanged(availability))
        } else {
            phonePower = availability
            if availability != .on {
                scanning = false
                connecting = false
                if linked {
                    close()
                    clock.schedule(after: timing.supervision) { [unowned self] in toTill(.disconnected(central)) }
                }
            }
            toPhone(.stateChanged(availability))
        }
    }
}
