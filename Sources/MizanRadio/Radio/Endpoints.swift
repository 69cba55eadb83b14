import MizanGeometry
import MizanTime
import MizanProtocol
import MizanRuntime

/// A till's radio as the medium keeps it.
///
/// The properties the advertising and scanning loop reads for every packet
/// are `@exclusivity(unchecked)`, as `VirtualClock.timers` is: only the
/// medium touches them, on its run's one thread, and no access spans a call
/// that could reach the same property. A dynamic check costs about 75
/// instructions, and a packet made several.
package final class TillEndpoint {
    let index: Int
    let tillID: TillID
    let position: Position
    /// Transmit-side RSSI offset, dB.
    let offset: Double
    @exclusivity(unchecked) var availability: RadioAvailability = .on
    /// The encoded advertisement while advertising.
    @exclusivity(unchecked) var advertisingPayload: [UInt8]?
    var advertisingTimer: TimerID?
    var serviceUp = false
    /// Open links, oldest first.
    var links: [Link] = []
    var notifyRefused = false
    /// Phones waiting to connect, in the order they asked (faithful link layer):
    /// each answers the next advertising packet it hears.
    @exclusivity(unchecked) var connectors: [PhoneEndpoint] = []
    @exclusivity(unchecked) var deliver: (PeripheralRadioEvent) -> Void = { _ in }
    /// The phone numbered as the till, if any (`Listeners.ownPhones`, which keeps it alive):
    /// unmanaged, so that asking it about every packet (isolated pairs) retains nothing.
    @exclusivity(unchecked) var ownPhone: Borrowed<PhoneEndpoint>?
    // The signal model's advertising (`SignalAdvertising`).
    /// Advertising events sent so far (numbers each event's per-packet noise).
    @exclusivity(unchecked) var events = 0
    /// When the last event began and when the next will, seconds (for collisions): set through
    /// the signal model's advertising (`SignalAdvertising`), which keeps its
    /// `EventCalendar` in step.
    @exclusivity(unchecked) var lastEventStart = -Double.infinity
    @exclusivity(unchecked) var nextEventStart = Double.infinity
    /// Whether the till advertises on the signal model, its event starts listed in the medium's
    /// `EventCalendar` (`SignalAdvertising`, as it joins and leaves the advertisers).
    @exclusivity(unchecked) var isAdvertiser = false

    init(index: Int, tillID: TillID, position: Position, offset: Double) {
        self.index = index
        self.tillID = tillID
        self.position = position
        self.offset = offset
    }

    func link(to central: CentralID) -> Link? {
        links.first { $0.phone.central == central }
    }
}

/// A phone's radio as the medium keeps it (hot properties unchecked, as `TillEndpoint`'s).
package final class PhoneEndpoint {
    let index: Int
    let central: CentralID
    var motion: Motion {
        didSet {
            // New fades from the new stand on (what `heldCache` holds of the last one is stale); the hold-offs of the scan stay.
            stands &+= 1
            isStill = motion.isStill
            motionStart = motion.start
            // Every till's audience takes it back: what it could never hear was so where it stood.
            audiences?.restand(self)
        }
    }
    /// The audiences it is in while it scans on the signal model (`TillAudiences`), weak: read
    /// only when its motion changes.
    @exclusivity(unchecked) weak var audiences: TillAudiences?
    /// `Listeners.joins` when it last started scanning (`ListenerVisit`).
    @exclusivity(unchecked) var scanJoin = 0
    /// `motion.isStill` and `motion.start`, kept for the per-packet path
    /// (`motion` itself is checked on every access: it has an observer).
    @exclusivity(unchecked) private(set) var isStill: Bool
    @exclusivity(unchecked) private(set) var motionStart: Duration
    /// Receive-side RSSI offset, dB (device-to-device calibration).
    @exclusivity(unchecked) var offset: Double
    /// Body or pocket loss, dB, subtracted from every packet (the first radio's).
    @exclusivity(unchecked) var bodyLoss: Double
    /// The first radio's link shadowing from each till, by index, drawn once per link from its own
    /// stream (`SimpleAdvertising`) and dropped with the phone.
    @exclusivity(unchecked) var linkShadowing: [Int: Double] = [:]
    /// The carrier's body and carriage by direction (the signal model's; none: every way alike),
    /// and the way the carrier faces while standing, radians (walking, they face the way they walk).
    @exclusivity(unchecked) var direction = DirectionGain.none
    @exclusivity(unchecked) var facing = 0.0
    @exclusivity(unchecked) var availability: RadioAvailability = .on
    @exclusivity(unchecked) package var scanning = false
    var link: Link?
    /// A connection being set up.
    var connecting = false
    /// The phone's platform (faithful link layer; `nil` on the simple radio).
    var profile: PhoneProfile?
    /// The till whose advertising the phone waits for to connect (faithful link layer). Unowned:
    /// the till's `connectors` hold the phone meanwhile, and a run that ends with the phone still
    /// waiting would otherwise leave the two holding each other, and with them both devices (the
    /// medium keeps its tills for the run).
    unowned var pendingTill: TillEndpoint?
    @exclusivity(unchecked) var deliver: (CentralRadioEvent) -> Void = { _ in }
    /// Who hears this phone's advertising reports directly (the floor's `Phone`), rather than through
    /// `deliver`: unmanaged, because calling a stored closure or reference retains and releases it around
    /// every report. What keeps the receiver alive is `deliver`, which captures it strongly (the floor sets
    /// both); `RadioMedium.removePhone` clears both at once. Whoever sets `deliver` to anything else must
    /// call `stopReports()` too. Nil (then reports go to `deliver`) without a receiver.
    @exclusivity(unchecked) private(set) var reportsTo: Borrowed<AnyObject>?
    /// Hands a report to `reportsTo`: a closure that captures nothing (no context to retain), set with it.
    @exclusivity(unchecked) private var reportTo: @Sendable (AnyObject, [UInt8], Int) -> Void = { _, _, _ in }

    /// Sends advertising reports to `receiver` directly.
    package func sendReports<Receiver: AdvertisementReceiver>(to receiver: Receiver) {
        reportsTo = Borrowed(receiver)
        reportTo = Receiver.hearAdvertisement
    }
    /// Sends advertising reports through `deliver` again.
    func stopReports() {
        reportsTo = nil
        reportTo = { _, _, _ in }
    }

    /// An advertising report: to the receiver directly if there is one, else through `deliver`.
    @inline(__always)
    func reportAdvertisement(_ payload: [UInt8], rssi: Int) {
        if let receiver = reportsTo {
            receiver.with { reportTo($0, payload, rssi) }
        } else {
            deliver(.discovered(payload, rssi: rssi))
        }
    }
    /// The advertising event `eventMean` belongs to, and that event's link
    /// mean RSSI (path loss and fixed offsets, before the per-packet draws).
    @exclusivity(unchecked) var eventStamp = 0
    @exclusivity(unchecked) var eventMean = 0.0
    // The signal model's scanning (`SignalAdvertising`).
    /// How it scans (its `ScanProfile`'s figures, read per packet: not the profile
    /// itself, whose copy retains its name), and when its scan interval 0 began
    /// (seconds), from the scan's start.
    @exclusivity(unchecked) var scanPhase = 0.0
    @exclusivity(unchecked) var scanWindow = 0.1
    @exclusivity(unchecked) var scanInterval = 0.1
    /// The scan interval it was last found in (`SignalAdvertising.hear`): its start and end (s),
    /// and its channel (0, 1, 2); none (an empty span) when a scan starts.
    @exclusivity(unchecked) var listenStart = Double.infinity
    @exclusivity(unchecked) var listenEnd = -Double.infinity
    @exclusivity(unchecked) var listenChannel = 0
    @exclusivity(unchecked) var reportLoss = 0.0
    /// Whether it holds reports of a till back after reporting it (iOS), and the hold-off's median (s) and log-sd.
    @exclusivity(unchecked) var holdsReports = false
    @exclusivity(unchecked) var reportHoldMedian = 0.0
    @exclusivity(unchecked) var reportHoldSpread = 0.0
    /// What it keeps while it scans: what it receives from each till while it stands (a bounded
    /// cache), and (iOS) when it may next report each till it has reported. Emptied when a scan
    /// starts; released when it stops, but for the cache's silent marks, which hold for their
    /// stand (`HeldCache.release`).
    @exclusivity(unchecked) var heldCache = HeldCache()
    @exclusivity(unchecked) var holdOffs = HoldOffTable()
    /// The last held signal computed while standing: (till index, stand, value).
    @exclusivity(unchecked) var lastHeld: (till: Int, stand: UInt64, value: HeldSignal)?
    /// The shadowing features of the spot it was last asked at (signal model), and the spot's x and y:
    /// standing, its stand's; walking, where it is at that instant (every till asked then shares them).
    var shadowingBasis: (x: Double, y: Double, basis: SharedSpectrumShadowing.Basis)?
    /// How far a till's packet may reach this phone at the level where it could spoil one heard
    /// (`SignalAdvertising.interferenceReach`), for the floor's tills as they were at `generation`
    /// and the phone's own part of a held signal `extra`.
    @exclusivity(unchecked) var interferenceReach = (generation: -1, extra: Double.nan, distance: Double.infinity)
    /// Bumped whenever its motion changes: a new stand, new fades.
    @exclusivity(unchecked) var stands: UInt64 = 0
    /// Its stand's low 32 bits, as `heldCache`'s entries record it.
    var standTag: UInt32 { UInt32(truncatingIfNeeded: stands) }

    init(index: Int, central: CentralID, motion: Motion, offset: Double, bodyLoss: Double) {
        self.index = index
        self.central = central
        self.motion = motion
        isStill = motion.isStill
        motionStart = motion.start
        self.offset = offset
        self.bodyLoss = bodyLoss
    }
}

/// A connection between a phone and a till.
package final class Link {
    unowned let phone: PhoneEndpoint
    unowned let till: TillEndpoint
    var open = true
    /// When the last write (phone to till) and notification (till to phone) will be delivered:
    /// each direction is first in, first out.
    var lastUp: Duration = .zero
    var lastDown: Duration = .zero
    var notifiesInFlight = 0

    /// The connection interval and supervision timeout this link was set up
    /// with: the radio's parameters on the simple link layer, the phone's
    /// profile on the faithful one.
    let interval: Duration
    let supervisionTimeout: Duration
    // The faithful link layer's connection (unused on the simple radio).
    /// The first connection event; the others follow every `interval`.
    var anchor: Duration = .zero
    /// The ATT MTU: 23 until the MTU exchange (Core Spec Vol 3 Part F 3.2.8).
    var mtu = 23
    /// The till has seen the phone subscribe, and the phone has been told it
    /// is connected (always so on the simple link layer; on the faithful one,
    /// once set-up gets that far). Who has not been told of a link is not told it ended;
    /// a phone still setting up is told its connect failed.
    var subscribed = true
    var phoneConnected = true
    /// When the link would be lost if it stayed idle, while its signal stays the same.
    var idleLossTimer: TimerID?
    /// The chance that a connection event fails, for the phone standing at
    /// `at`: exact, or (`exact` false) only an upper bound on it.
    var eventFailure: (at: Position, p: Double, exact: Bool)?
    /// The link's mean RSSI (`RadioMedium.linkRSSI`) while its phone stands, and for which stand.
    var meanWhileStanding: (stand: UInt64, rssi: Double)?

    init(phone: PhoneEndpoint, till: TillEndpoint, interval: Duration, supervisionTimeout: Duration) {
        self.phone = phone
        self.till = till
        self.interval = interval
        self.supervisionTimeout = supervisionTimeout
    }
}
