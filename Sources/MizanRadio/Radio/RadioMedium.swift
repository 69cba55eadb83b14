import MizanGeometry
import MizanTime
import MizanProtocol
import MizanRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The simulated air that every till and phone of one run shares. It owns the
/// positions and the radio models; every draw comes from the run's seeded
/// generator and every delay from its virtual clock, so a run replays exactly.
///
/// Not thread-safe by design: one medium belongs to one simulation, whose loop
/// calls it from one thread.
///
/// Made of parts that hold their own state, each told the medium where it
/// needs the devices, the clock or the observers: who hears whom
/// (`Listeners`); the tills' advertising and what a phone hears from a till
/// (`Advertising`: `SimpleAdvertising` or `SignalAdvertising`, chosen once);
/// links made and ended (`Connections`) and writes and notifications on them
/// (`Transfers`), on the simple or the faithful link layer; frames in flight
/// (`MediumTimers`). This file holds the devices, a link's signal and the
/// observers; `MediumAdvertising` runs advertising and scanning as a till's
/// timer and a phone's scan ask, `MediumPower` Bluetooth power and walking
/// away. Faults are not the medium's: `FaultInjector` owns them and reaches
/// in through `taps`.
public final class RadioMedium {
    public enum Audibility: Sendable {
        /// Every phone hears every till.
        case everyone
        /// Phone i hears only till i, and only from it can it connect (W1's isolated pairs).
        case ownTillOnly
    }

    public let parameters: RadioParameters
    /// The tills' advertising and what a phone hears from a till: the first radio's or the signal
    /// model's (`Advertising`), chosen once from `parameters.advertising`.
    let advertising: any Advertising
    /// The signal model's part that links read at every packet (`SignalModel.Fresh`: packets drawn
    /// afresh around a mean, the packet error rate), on either radio.
    let fresh: SignalModel.Fresh
    let clock: VirtualClock
    // Unchecked exclusivity: every draw is a short call into the generator,
    // which calls nothing back, so accesses never overlap (as `VirtualClock.timers`).
    @exclusivity(unchecked) var generator: SeededGenerator
    /// Who hears a till's advertising (`Listeners`).
    let listeners: Listeners
    /// Links made and ended (`Connections`), and writes and notifications on them (`Transfers`):
    /// the simple link layer (fixed latencies) or the faithful one (BLE's; `Link/`).
    let connections: Connections
    let transfers: Transfers
    /// Who is told each event of the medium's (a trace); nil for none, and then no event is built
    /// (`observe?(...)` evaluates nothing), not even its devices' indices.
    var observe: ((MediumEvent) -> Void)?

    /// Where a fault injector sees frames leave and arrive; `nil` when no fault is armed.
    var taps: MediumTaps?
    /// Who sees the air packet by packet (`AirObserver`); nil: nobody.
    var air: AirObserver?

    // Unchecked exclusivity on the device tables and counters read or bumped
    // per packet: each access is a short read, insert or increment that calls
    // nothing back (as `generator`); the dynamic checks were a tenth of W1's
    // per-packet cost.
    @exclusivity(unchecked) var tills: [TillEndpoint] = []
    /// By index: a floor adds a payer's phone when the payer first acts, so indices can come in any order.
    @exclusivity(unchecked) package var phones: [Int: PhoneEndpoint] = [:]
    var tillIndexByID: [TillID: Int] = [:]
    /// The tills in order across the floor (`tillsAcross`), built again when a till is added.
    private var tillsAcrossOrder = AcrossOrder([])
    /// One more than the largest phone index given so far.
    var nextPhoneIndex = 0
    /// The most tills a scanning phone keeps what it receives from (`HeldCache`): a cost, never a
    /// packet's fate (tests lower it to check that).
    package var heldCacheCapacity = HeldCache.maximumCapacity
    /// Whether a scanning phone keeps a bit for each till it can neither hear nor be spoiled by
    /// in its stand (`HeldCache.keepSilent`), and how many it marked; with it, the tills' audiences
    /// pass over the phones that can never hear them, a phone starting to scan looks at the
    /// far tills at once (`SignalAdvertising.lookAround`), a walking phone works a till's
    /// signal out only as far as it takes to know it silent, and the first radio counts the walls
    /// only until no packet could be heard: a cost, never a packet's fate (tests turn it off to
    /// check that).
    /// (Unchecked exclusivity, as the counters above: read and bumped where a packet is heard.)
    @exclusivity(unchecked) package var keepsSilentTills = true
    @exclusivity(unchecked) package var silentTillsMarked = 0
    /// Of those, the ones a phone's first look marked as it began to scan (`SignalAdvertising.lookAround`).
    @exclusivity(unchecked) package var silentTillsMarkedAtScanStart = 0
    /// Times a till was found too weak ever to be heard where a phone stands, though not silent,
    /// and its audience told to pass the phone over (`SignalAdvertising.keepHeard`).
    @exclusivity(unchecked) package var tooWeakTillsPassedOver = 0
    /// Times a walking phone found a till silent before working out all of what it holds from it.
    @exclusivity(unchecked) package var silentToWalkers = 0
    /// Times the first radio found an event's link too weak for any packet to clear the sensitivity
    /// before it had counted every wall between (`SimpleAdvertising`).
    @exclusivity(unchecked) package var linkMeansCut = 0
    /// Another till's events overlapping an event, or a packet heard, that were passed over as
    /// beyond the reach of any packet that could spoil one (`SignalAdvertising.eventReaches`,
    /// `survives`).
    @exclusivity(unchecked) package var collidersBeyondReach = 0
    /// `parameters.advertisingDelayMax` in nanoseconds, as `advertisingDelay()` draws it.
    let advertisingDelayMaxNanos: Double

    /// Frames in flight and connects under way, as plain data until they fire (`MediumTimer`).
    private(set) lazy var frameTimers = MediumTimers(medium: self, clock: clock)

    @exclusivity(unchecked) public internal(set) var packetsSent = 0
    @exclusivity(unchecked) public internal(set) var packetsHeard = 0

    /// `walls`: what a path through them loses (none by default).
    public init(parameters: RadioParameters, clock: VirtualClock, generator: SeededGenerator, audibility: Audibility = .everyone,
                linkLayer: LinkLayer = .simple, walls: Walls = Walls()) {
        self.parameters = parameters
        let model = Self.signalModel(parameters: parameters, generator: generator)
        fresh = model.fresh
        connections = Connections(linkLayer: linkLayer, fresh: model.fresh)
        transfers = Transfers(notifyQueueCapacity: parameters.notifyQueueCapacity, tillProfile: connections.tillProfile)
        advertisingDelayMaxNanos = Double(parameters.advertisingDelayMax.components.attoseconds / 1_000_000_000)
            + Double(parameters.advertisingDelayMax.components.seconds) * 1e9
        switch parameters.advertising {
        case .signal: advertising = SignalAdvertising(parameters: parameters, room: model, walls: walls, delayMaxNanos: advertisingDelayMaxNanos)
        case .simple: advertising = SimpleAdvertising(parameters: parameters, walls: walls, shadowingSeed: generator.split("shadowing"))
        }
        self.clock = clock
        self.generator = generator.split("medium")
        listeners = Listeners(audibility: audibility, tracksAudiences: parameters.advertising == .signal && audibility == .everyone)
    }

    /// The signal model of a medium made with `parameters` and `generator` (on
    /// `"advertising": "signal"`, else nil), before its tills are added: the
    /// room's draws, for the floor's simulated calibration walk (`Floor.room`).
    package static func room(parameters: RadioParameters, generator: SeededGenerator) -> SignalModel? {
        parameters.advertising == .signal ? signalModel(parameters: parameters, generator: generator) : nil
    }

    /// The signal model of a medium made with `parameters` and `generator`, before its tills are added.
    private static func signalModel(parameters: RadioParameters, generator: SeededGenerator) -> SignalModel {
        SignalModel(parameters: parameters, generator: generator.split("signal"))
    }

    /// The signal model with the tills added so far, on the signal model: the room the phones hear them in.
    package var signalModel: SignalModel? { advertising.room }

    var now: Duration { clock.now.sinceStart }

    /// The tills in order across the floor (their positions are fixed): a payer's nearest till,
    /// and the tills within a phone's reach on the signal model.
    package var tillsAcross: AcrossOrder {
        if tillsAcrossOrder.count != tills.count { tillsAcrossOrder = AcrossOrder(tills.map(\.position)) }
        return tillsAcrossOrder
    }

    // MARK: devices

    package func addTill(_ tillID: TillID, at position: Position, offset: Double = 0) -> TillEndpoint {
        let till = TillEndpoint(index: tills.count, tillID: tillID, position: position, offset: offset)
        tills.append(till)
        listeners.addTill(till, ownPhone: phones[till.index])
        tillIndexByID[tillID] = till.index
        advertising.addTill(till)
        return till
    }

    package func addPhone(_ central: CentralID, index: Int? = nil, motion: Motion, offset: Double = 0, bodyLoss: Double = 0) -> PhoneEndpoint {
        // Without an index: the next after every index given so far (a removed phone's is never reused).
        let phone = PhoneEndpoint(index: index ?? nextPhoneIndex, central: central, motion: motion, offset: offset, bodyLoss: bodyLoss)
        nextPhoneIndex = Swift.max(nextPhoneIndex, phone.index + 1)
        phones[phone.index] = phone
        if phone.index < tills.count { listeners.setOwnPhone(phone, of: tills[phone.index]) }
        return phone
    }

    /// Forgets a phone that will not use the radio again (a payer who left for
    /// good): its endpoint and its links' shadowing draws. Other phones keep their indices.
    package func removePhone(_ index: Int) {
        guard let phone = phones.removeValue(forKey: index) else { return }
        if index < tills.count { listeners.setOwnPhone(nil, of: tills[index]) }
        phone.deliver = { _ in }
        phone.stopReports()
        advertising.forget(phone: phone)
    }

    /// The radio a till's driver uses: the medium and the endpoint unretained
    /// (`withBorrowed`): the medium keeps its tills for the run, and outlives
    /// every driver.
    package func peripheralRadio(for till: TillEndpoint) -> PeripheralRadio {
        let medium = Borrowed(self), till = Borrowed(till)
        return PeripheralRadio(
            startAdvertising: { payload in withBorrowed(medium, till) { $0.startAdvertising($1, payload) } },
            stopAdvertising: { withBorrowed(medium, till) { $0.stopAdvertising($1) } },
            notify: connections.faithful
                ? { central, bytes in withBorrowed(medium, till) { medium, till in
                    medium.transfers.notify(till, central, bytes, in: medium) { medium.transfers.sendNotificationFaithful(on: $0, $1, $2, in: medium) } } }
                : { central, bytes in withBorrowed(medium, till) { medium, till in
                    medium.transfers.notify(till, central, bytes, in: medium) { medium.transfers.sendNotification(on: $0, $1, $2, in: medium) } } },
            retireService: { withBorrowed(medium, till) { $0.connections.retireService($1, in: $0) } }
        )
    }

    /// The radio a phone's driver uses: the medium unretained, as a till's;
    /// the endpoint checked `unowned`, since what keeps it alive while the
    /// driver can still call is a rule of the run (a payer is retired, and
    /// `removePhone` drops its endpoint, only once nothing of its can act
    /// again), and a broken rule should trap.
    package func centralRadio(for phone: PhoneEndpoint) -> CentralRadio {
        let medium = Borrowed(self)
        return CentralRadio(
            startScan: { [unowned phone] in medium.with { $0.startScan(phone) } },
            stopScan: { [unowned phone] in medium.with { $0.stopScan(phone) } },
            connect: connections.faithful
                ? { [unowned phone] till in medium.with { $0.connections.requestConnection(phone, to: till, in: $0) } }
                : { [unowned phone] till in medium.with { $0.connections.connect(phone, to: till, in: $0) } },
            write: connections.faithful
                ? { [unowned phone] bytes in medium.with { $0.transfers.writeFaithful(phone, bytes, in: $0) } }
                : { [unowned phone] bytes in medium.with { $0.transfers.write(phone, bytes, in: $0) } },
            disconnect: connections.faithful
                ? { [unowned phone] in medium.with { $0.connections.disconnectFaithful(phone, in: $0) } }
                : { [unowned phone] in medium.with { $0.connections.disconnect(phone, in: $0) } }
        )
    }

    // MARK: signal

    /// What adds to the path loss on the link (offsets, body loss,
    /// shadowing; on the signal model also the link's held fade), so that
    /// `fresh.meanRSSI(distance:) + fixedOffset` is the link's mean RSSI.
    func fixedOffset(_ phone: PhoneEndpoint, _ till: TillEndpoint) -> Double {
        advertising.fixedOffset(phone, till, in: self)
    }

    /// The phone's position now, with the antenna height of a phone.
    package func position(of phone: PhoneEndpoint) -> Position {
        var position = phone.motion.position(at: now)
        position.z = parameters.phoneHeight
        return position
    }

    func distance(_ phone: PhoneEndpoint, _ till: TillEndpoint) -> Double {
        position(of: phone).distance(to: till.position)
    }

    /// The link's mean RSSI now (no per-packet spread), kept on the link while
    /// its phone stands (`Link.meanWhileStanding`): the distance, the offsets
    /// and the held signal are all the stand's, and every connection event
    /// asks. The link's unowned phone is read once, its till only to compute
    /// (each read is checked: an atomic retain and release).
    func linkRSSI(_ link: Link) -> Double {
        let phone = link.phone
        let standing = phone.isStill || now <= phone.motionStart
        if standing, let kept = link.meanWhileStanding, kept.stand == phone.stands { return kept.rssi }
        let till = link.till
        let rssi = fresh.meanRSSI(distance: distance(phone, till)) + fixedOffset(phone, till)
        if standing { link.meanWhileStanding = (phone.stands, rssi) }
        return rssi
    }

    // MARK: observers and timers

    /// Tells `observer` every event of the medium's (a trace); nil for none.
    package func observe(with observer: ((MediumEvent) -> Void)?) { observe = observer }
    /// Tells `observer` every packet on the air (a capture); nil for none. The audiences stop for
    /// the run: a capture records a silent till's packets still held off, so every phone scanning is visited.
    package func sniff(with observer: AirObserver?) {
        air = observer
        if observer != nil { listeners.audiences?.stop() }
    }

    /// One of the medium's timers set as data fired (`MediumTimers`): to the part it belongs to.
    func fire(_ timer: MediumTimer) {
        switch timer {
        case let .connect(phone, till): connections.connectCompletes(phone, till, in: self)
        case let .writeArrives(link, type, bytes): transfers.writeArrives(on: link, type, bytes, in: self)
        case let .faithfulWriteArrives(link, type, bytes): transfers.faithfulWriteArrives(on: link, type, bytes, in: self)
        case let .faithfulWriteAcknowledged(link, type): transfers.faithfulWriteAcknowledged(on: link, type, in: self)
        case let .notificationArrives(link, type, bytes): transfers.notificationArrives(on: link, type, bytes, in: self)
        case let .unsubscribe(link): connections.unsubscribe(link, in: self)
        }
    }
}
