import MizanProtocol
import MizanRuntime

/// The simulated air that every till and phone of one run shares. It owns the
/// positions and the radio models; every draw comes from the run's seeded
/// generator and every delay from its virtual clock, so a run replays exactly.
///
/// Not thread-safe by design: one medium belongs to one simulation, whose loop
/// calls it from one thread.
public final class RadioMedium {
    public enum Audibility: Sendable {
        /// Every phone hears every till.
        case everyone
        /// Phone i hears only till i, and only from it can it connect (W1's isolated pairs).
        case ownTillOnly
    }

    public let model: PathLossModel
    public var parameters: RadioParameters { model.parameters }
    let clock: VirtualClock
    // Unchecked exclusivity: every draw is a short call into the generator,
    // which calls nothing back, so accesses never overlap (as `VirtualClock.timers`).
    @exclusivity(unchecked) private var generator: SeededGenerator
    private let shadowingSeed: SeededGenerator
    let audibility: Audibility
    var observe: (MediumEvent) -> Void = { _ in }

    private(set) var tills: [TillEndpoint] = []
    /// By index: a floor adds a payer's phone when the payer first acts, so indices can come in any order.
    private(set) var phones: [Int: PhoneEndpoint] = [:]
    private var tillIndexByID: [TillID: Int] = [:]
    /// Phones that scan, kept in index order so that every packet visits them in the same order.
    private var scanners: [PhoneEndpoint] = []
    private var stepFaults: [(point: LinkDropPoint, phone: Int?, after: Duration)] = []
    private var corruptions: [(type: FrameType, phone: Int?)] = []
    /// Per (till, phone) link shadowing, drawn once from its own stream.
    private var shadowing: [Int: Double] = [:]
    /// Last packet start per advertising channel, for collisions.
    private var lastPacketOnChannel: [Duration]

    /// Advertising events so far: stamps each phone's per-event mean RSSI.
    private var advertisingEvents = 0
    public private(set) var packetsSent = 0
    public private(set) var packetsHeard = 0

    public init(parameters: RadioParameters, clock: VirtualClock, generator: SeededGenerator, audibility: Audibility = .everyone) {
        model = PathLossModel(parameters: parameters)
        self.clock = clock
        self.generator = generator.split("medium")
        shadowingSeed = generator.split("shadowing")
        self.audibility = audibility
        lastPacketOnChannel = Array(repeating: .seconds(-1), count: parameters.advertisingChannels)
    }

    var now: Duration { clock.now.sinceStart }

    // MARK: devices

    func addTill(_ tillID: TillID, at position: Position, offset: Double = 0) -> TillEndpoint {
        let till = TillEndpoint(index: tills.count, tillID: tillID, position: position, offset: offset)
        tills.append(till)
        tillIndexByID[tillID] = till.index
        return till
    }

    func addPhone(_ central: CentralID, index: Int? = nil, motion: Motion, offset: Double = 0, bodyLoss: Double = 0) -> PhoneEndpoint {
        let phone = PhoneEndpoint(index: index ?? phones.count, central: central, motion: motion, offset: offset, bodyLoss: bodyLoss)
        phones[phone.index] = phone
        return phone
    }

    func arm(_ point: LinkDropPoint, phone: Int?, after: Duration) {
        stepFaults.append((point, phone, after))
    }

    func armCorruption(of type: FrameType, phone: Int?) {
        corruptions.append((type, phone))
    }

    /// The frame as it arrives: with a bit flipped in its last byte if a corruption is armed for it.
    private func arriving(_ bytes: [UInt8], _ type: FrameType?, phone: Int) -> [UInt8] {
        guard let type, let index = corruptions.firstIndex(where: { $0.type == type && ($0.phone == nil || $0.phone == phone) }),
              !bytes.isEmpty else { return bytes }
        corruptions.remove(at: index)
        var corrupted = bytes
        corrupted[corrupted.count - 1] ^= 0x01
        return corrupted
    }

    /// The radio a till's driver uses.
    func peripheralRadio(for till: TillEndpoint) -> PeripheralRadio {
        PeripheralRadio(
            startAdvertising: { [unowned self, unowned till] in startAdvertising(till, $0) },
            stopAdvertising: { [unowned self, unowned till] in stopAdvertising(till) },
            notify: { [unowned self, unowned till] in notify(till, $0, $1) },
            retireService: { [unowned self, unowned till] in retireService(till) }
        )
    }

    /// The radio a phone's driver uses.
    func centralRadio(for phone: PhoneEndpoint) -> CentralRadio {
        CentralRadio(
            startScan: { [unowned self, unowned phone] in startScan(phone) },
            stopScan: { [unowned self, unowned phone] in stopScan(phone) },
            connect: { [unowned self, unowned phone] in connect(phone, to: $0) },
            write: { [unowned self, unowned phone] in write(phone, $0) },
            disconnect: { [unowned self, unowned phone] in disconnect(phone) }
        )
    }

    // MARK: signal

    func canHear(_ phone: PhoneEndpoint, _ till: TillEndpoint) -> Bool {
        switch audibility {
        case .everyone: true
        case .ownTillOnly: phone.index == till.index
        }
    }

    private func fixedOffset(_ phone: PhoneEndpoint, _ till: TillEndpoint) -> Double {
        var offset = till.offset + phone.offset - phone.bodyLoss
        if parameters.linkShadowingSigma > 0 {
            let key = till.index &* 1_000_003 &+ phone.index
            if let drawn = shadowing[key] {
                offset += drawn
            } else {
                var stream = shadowingSeed.split(UInt64(bitPattern: Int64(key)))
                let drawn = stream.normal(mean: 0, sd: parameters.linkShadowingSigma)
                shadowing[key] = drawn
                offset += drawn
            }
        }
        return offset
    }

    /// The phone's position now, with the antenna height of a phone.
    func position(of phone: PhoneEndpoint) -> Position {
        var position = phone.motion.position(at: now)
        position.z = parameters.phoneHeight
        return position
    }

    func distance(_ phone: PhoneEndpoint, _ till: TillEndpoint) -> Double {
        position(of: phone).distance(to: till.position)
    }

    /// The link's mean RSSI now (no per-packet spread).
    func linkRSSI(_ link: Link) -> Double {
        model.meanRSSI(distance: distance(link.phone, link.till)) + fixedOffset(link.phone, link.till)
    }

    // MARK: advertising and scanning

    private func startAdvertising(_ till: TillEndpoint, _ advertisement: Advertisement) {
        guard till.availability == .on else { return }
        till.serviceUp = true
        till.advertisingPayload = FrameCodec.encode(.advertisement(advertisement))
        guard till.advertisingTimer == nil else { return }
        observe(.advertisingStarted(till: till.index))
        scheduleAdvertising(till, after: advertisingDelay())
    }

    private func stopAdvertising(_ till: TillEndpoint) {
        guard till.advertisingPayload != nil else { return }
        till.advertisingPayload = nil
        if let timer = till.advertisingTimer { _ = clock.cancel(timer) }
        till.advertisingTimer = nil
        observe(.advertisingStopped(till: till.index))
    }

    private func advertisingDelay() -> Duration {
        let maxNanos = Double(parameters.advertisingDelayMax.components.attoseconds / 1_000_000_000)
            + Double(parameters.advertisingDelayMax.components.seconds) * 1e9
        return .nanoseconds(Int64(generator.uniform(0...maxNanos)))
    }

    private func scheduleAdvertising(_ till: TillEndpoint, after delay: Duration) {
        till.advertisingTimer = clock.schedule(after: delay) { [unowned self, unowned till] in
            advertise(till)
        }
    }

    /// One advertising event: a packet on each channel, heard by every scanning
    /// phone whose RSSI clears the sensitivity (and, with collisions on, whose
    /// channel was free).
    private func advertise(_ till: TillEndpoint) {
        till.advertisingTimer = nil
        guard let payload = till.advertisingPayload, till.availability == .on else { return }
        advertisingEvents &+= 1
        let time = now
        for channel in 0..<parameters.advertisingChannels {
            packetsSent += 1
            if parameters.collisions {
                let collided = time - lastPacketOnChannel[channel] < parameters.packetAirtime
                lastPacketOnChannel[channel] = time
                if collided { continue }
            }
            for phone in scanners where phone.availability == .on && canHear(phone, till) {
                // The link's mean is the same on every channel of the event:
                // computed once per event and phone (no draw depends on it).
                if phone.eventStamp != advertisingEvents {
                    phone.eventStamp = advertisingEvents
                    phone.eventMean = model.meanRSSI(distance: distance(phone, till)) + fixedOffset(phone, till)
                }
                let rssi = model.packetRSSI(mean: phone.eventMean, generator: &generator)
                guard rssi >= parameters.sensitivity else { continue }
                packetsHeard += 1
                phone.deliver(.discovered(payload, rssi: PathLossModel.reported(rssi)))
                // A phone that decided stops scanning at once; the loop reads `scanners` afresh.
            }
        }
        if till.advertisingPayload != nil, till.advertisingTimer == nil {
            scheduleAdvertising(till, after: parameters.advertisingInterval + advertisingDelay())
        }
    }

    private func startScan(_ phone: PhoneEndpoint) {
        guard phone.availability == .on, !phone.scanning else { return }
        phone.scanning = true
        let at = scanners.firstIndex { $0.index > phone.index } ?? scanners.endIndex
        scanners.insert(phone, at: at)
    }

    private func stopScan(_ phone: PhoneEndpoint) {
        guard phone.scanning else { return }
        phone.scanning = false
        scanners.removeAll { $0 === phone }
    }

    // MARK: connections

    private func connect(_ phone: PhoneEndpoint, to tillID: TillID) {
        guard let index = tillIndexByID[tillID] else {
            clock.schedule(after: parameters.connectLatency) { [unowned self, unowned phone] in
                observe(.connectFailed(phone: phone.index, till: nil))
                phone.deliver(.failedToConnect)
            }
            return
        }
        let till = tills[index]
        phone.connecting = true
        clock.schedule(after: parameters.connectLatency) { [unowned self, unowned phone, unowned till] in
            guard phone.connecting else { return } // the phone gave up meanwhile
            phone.connecting = false
            let reachable = phone.availability == .on && till.availability == .on && till.serviceUp
                && phone.link == nil && canHear(phone, till)
                && generator.unitInterval() >= model.packetErrorRate(rssi: model.meanRSSI(distance: distance(phone, till)) + fixedOffset(phone, till))
            guard reachable else {
                observe(.connectFailed(phone: phone.index, till: till.index))
                phone.deliver(.failedToConnect)
                return
            }
            let link = Link(phone: phone, till: till)
            link.lastUp = now
            link.lastDown = now
            phone.link = link
            till.links.append(link)
            observe(.connected(phone: phone.index, till: till.index))
            till.deliver(.subscribed(phone.central))
            phone.deliver(.connected)
        }
    }

    private func disconnect(_ phone: PhoneEndpoint) {
        phone.connecting = false
        guard let link = phone.link else { return }
        phone.link = nil
        // Pending writes go first; then the till sees the phone unsubscribe.
        let at = Swift.max(now, link.lastUp) + parameters.serviceRetirementLatency
        clock.schedule(at: VirtualInstant(sinceStart: at)) { [unowned self] in
            guard link.open else { return }
            close(link)
            observe(.unsubscribed(phone: link.phone.index, till: link.till.index))
            link.till.deliver(.unsubscribed(link.phone.central))
        }
    }

    private func retireService(_ till: TillEndpoint) {
        stopAdvertising(till)
        // What is queued goes first; then the service goes, and each phone sees it go.
        let links = till.links
        let drained = links.reduce(now) { Swift.max($0, $1.lastDown) }
        clock.schedule(at: VirtualInstant(sinceStart: drained)) { [unowned self, unowned till] in
            // Advertising again by now: a new service is up, but the old links still end.
            if till.advertisingPayload == nil {
                till.serviceUp = false
                observe(.serviceRetired(till: till.index))
            }
            for link in links where link.open {
                close(link)
                clock.schedule(after: parameters.serviceRetirementLatency) { [unowned self] in
                    if link.phone.link === link || link.phone.link == nil {
                        observe(.linkLost(phone: link.phone.index, till: link.till.index, .serviceRetired))
                        link.phone.deliver(.serviceInvalidated)
                    }
                }
            }
        }
    }

    /// Ends a link on both sides' books without telling anyone.
    private func close(_ link: Link) {
        link.open = false
        link.till.links.removeAll { $0 === link }
        if link.phone.link === link { link.phone.link = nil }
    }

    /// The link is lost: both sides are told (a dropped link, whatever the cause).
    func lose(_ link: Link, _ reason: LinkLossReason) {
        guard link.open else { return }
        close(link)
        observe(.linkLost(phone: link.phone.index, till: link.till.index, reason))
        link.phone.deliver(.disconnected)
        link.till.deliver(.disconnected(link.phone.central))
    }

    /// Drops the phone's link (every open link when `phone` is nil) now.
    func dropLinks(phone: Int?) {
        if let phone {
            if let link = phones[phone]?.link { lose(link, .fault) }
        } else {
            for till in tills { for link in till.links { lose(link, .fault) } }
        }
    }

    // MARK: transfers

    /// When a packet sent on `link` from `start` gets through: the first
    /// connection event whose packet is not lost. `nil` when nothing gets
    /// through for a supervision timeout: the link is lost then.
    private func deliveryTime(_ link: Link, from start: Duration) -> Duration? {
        var time = start
        let per = model.packetErrorRate(rssi: linkRSSI(link))
        while true {
            time += parameters.connectionInterval
            if per == 0 || generator.unitInterval() >= per { return time }
            if time - start >= parameters.supervisionTimeout { return nil }
        }
    }

    /// When a frame queued behind `last` on `link` arrives, moving `last` to it;
    /// `nil` when nothing gets through, and then the link is lost a supervision
    /// timeout after the frame's turn came.
    private func nextArrival(on link: Link, after last: inout Duration) -> Duration? {
        let start = Swift.max(now, last)
        guard let arrival = deliveryTime(link, from: start) else {
            last = start + parameters.supervisionTimeout
            clock.schedule(at: VirtualInstant(sinceStart: last)) { [unowned self] in lose(link, .supervisionTimeout) }
            return nil
        }
        last = arrival
        return arrival
    }

    /// The protocol step a till reaches once a phone's frame of this type is delivered to it.
    private static func stepAfterDelivering(_ type: FrameType?) -> LinkDropPoint? {
        switch type {
        case .phoneKey: .afterKeyBeforeAmount
        case .decision: .afterConfirm
        case .advertisement, .amount, .result, .end, .busy, nil: nil
        }
    }

    /// The protocol step a transaction reaches once the till hands a frame of this type to the radio.
    private static func stepAfterSending(_ type: FrameType?) -> LinkDropPoint? {
        switch type {
        case .amount: .afterAmountSentBeforePhoneHasIt
        case .result: .afterPick
        case .advertisement, .phoneKey, .decision, .end, .busy, nil: nil
        }
    }

    /// Drops `link` if a fault is armed for this step of its phone's transaction.
    private func dropIfArmed(_ point: LinkDropPoint?, _ link: Link) {
        guard let point, let fault = takeStepFault(point, phone: link.phone.index) else { return }
        schedule(after: fault) { [unowned self] in lose(link, .fault) }
    }

    private func write(_ phone: PhoneEndpoint, _ sent: [UInt8]) {
        guard let link = phone.link, link.open else { return }
        let type = FrameType(peeking: sent)
        let bytes = arriving(sent, type, phone: phone.index)
        observe(.sent(phone: phone.index, till: link.till.index, toTill: true, type, bytes: bytes.count))
        if type == .phoneKey, let fault = takeStepFault(.beforeKey, phone: phone.index) {
            schedule(after: fault) { [unowned self] in lose(link, .fault) }
            return
        }
        guard let arrival = nextArrival(on: link, after: &link.lastUp) else { return }
        clock.schedule(at: VirtualInstant(sinceStart: arrival)) { [unowned self] in
            guard link.open else { return }
            observe(.delivered(phone: link.phone.index, till: link.till.index, toTill: true, type))
            link.till.deliver(.wrote(link.phone.central, bytes))
            if link.open { link.phone.deliver(.writeAcknowledged) }
            // The till has the frame: a drop "after" it comes now, never before
            // the write is delivered (at zero delay it would close the link first).
            dropIfArmed(Self.stepAfterDelivering(type), link)
        }
    }

    private func notify(_ till: TillEndpoint, _ central: CentralID, _ sent: [UInt8]) -> Bool {
        guard till.availability == .on, let link = till.link(to: central) else { return true }
        guard link.notifiesInFlight < parameters.notifyQueueCapacity else {
            till.notifyRefused = true
            return false
        }
        let type = FrameType(peeking: sent)
        let bytes = arriving(sent, type, phone: link.phone.index)
        observe(.sent(phone: link.phone.index, till: till.index, toTill: false, type, bytes: bytes.count))
        dropIfArmed(Self.stepAfterSending(type), link)
        guard let arrival = nextArrival(on: link, after: &link.lastDown) else { return true }
        link.notifiesInFlight += 1
        clock.schedule(at: VirtualInstant(sinceStart: arrival)) { [unowned self, unowned till] in
            link.notifiesInFlight -= 1
            guard link.open else { return }
            observe(.delivered(phone: link.phone.index, till: till.index, toTill: false, type))
            link.phone.deliver(.notified(bytes))
            if link.open { till.deliver(.delivered(central)) }
            if till.notifyRefused {
                till.notifyRefused = false
                till.deliver(.readyToUpdate)
            }
        }
        return true
    }

    private func takeStepFault(_ point: LinkDropPoint, phone: Int) -> Duration? {
        guard let index = stepFaults.firstIndex(where: { $0.point == point && ($0.phone == nil || $0.phone == phone) }) else { return nil }
        return stepFaults.remove(at: index).after
    }

    /// Even with no delay the fault fires after what is being handled now, so
    /// that the step it follows has happened on both sides.
    private func schedule(after delay: Duration, _ action: @escaping () -> Void) {
        clock.schedule(after: delay, action)
    }

    // MARK: power

    /// Bluetooth on a device goes off, comes back, or loses its permission.
    func setAvailability(_ device: DeviceRef, _ availability: RadioAvailability) {
        observe(.power(device: device, availability))
        switch device {
        case let .till(index):
            let till = tills[index]
            till.availability = availability
            if availability != .on {
                stopAdvertising(till)
                till.serviceUp = false
                // The till's side ends at once; each phone notices only after a supervision timeout.
                for link in till.links {
                    close(link)
                    clock.schedule(after: parameters.supervisionTimeout) { [unowned self] in
                        observe(.linkLost(phone: link.phone.index, till: link.till.index, .bluetoothOff))
                        link.phone.deliver(.disconnected)
                    }
                }
            }
            till.deliver(.stateChanged(availability))
        case let .phone(index):
            guard let phone = phones[index] else { return }
            phone.availability = availability
            if availability != .on {
                stopScan(phone)
                phone.connecting = false
                if let link = phone.link {
                    close(link)
                    clock.schedule(after: parameters.supervisionTimeout) { [unowned self] in
                        observe(.linkLost(phone: link.phone.index, till: link.till.index, .bluetoothOff))
                        link.till.deliver(.disconnected(link.phone.central))
                    }
                }
            }
            phone.deliver(.stateChanged(availability))
        }
    }

    // MARK: walking away

    /// The payer starts walking; while the phone is linked, connection events
    /// are simulated one by one so the link is lost a supervision timeout after
    /// the last packet that got through.
    func walk(phone index: Int, at start: Duration, velocity: (x: Double, y: Double)) {
        guard let phone = phones[index] else { return }
        var origin = phone.motion.position(at: start)
        origin.z = phone.motion.origin.z
        phone.motion = Motion(origin: origin, start: start, velocity: velocity)
        watchLink(of: phone, lastSuccess: now)
    }

    private func watchLink(of phone: PhoneEndpoint, lastSuccess: Duration) {
        guard let link = phone.link, link.open, !phone.motion.isStill else { return }
        clock.schedule(after: parameters.connectionInterval) { [unowned self, unowned phone] in
            guard let current = phone.link, current === link, link.open else { return }
            let per = model.packetErrorRate(rssi: linkRSSI(link))
            let gotThrough = per == 0 || generator.unitInterval() >= per
            let last = gotThrough ? now : lastSuccess
            if now - last >= parameters.supervisionTimeout {
                lose(link, .supervisionTimeout)
            } else {
                watchLink(of: phone, lastSuccess: last)
            }
        }
    }
}
