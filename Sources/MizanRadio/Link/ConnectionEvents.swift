import MizanTime
#if canImport(Glibc)
import Glibc
#endif
import MizanProtocol

/// Connection events on a faithful link: when they come, whether a packet
/// gets through, retransmission until one does, the supervision timeout, and
/// the loss of an idle link computed in one go rather than event by event.
extension Connections {
    /// The first connection event of `link` strictly after `time`.
    func nextEvent(of link: Link, after time: Duration) -> Duration {
        guard time >= link.anchor else { return link.anchor }
        let interval = Self.nanoseconds(link.interval)
        let elapsed = Self.nanoseconds(time - link.anchor)
        return link.anchor + .nanoseconds((elapsed / interval + 1) * interval)
    }

    /// Whether one packet on `link` gets through, towards the till or the
    /// phone: its own RSSI (the link's mean now, with distance, shadowing,
    /// device offsets and body loss, plus this packet's spread and fading),
    /// then the packet error rate at that RSSI. The one place a link packet's
    /// fate is decided: collisions and other transmitters join here.
    func receives(_ link: Link, toTill: Bool, in medium: RadioMedium) -> Bool {
        let rssi = medium.fresh.packetRSSI(mean: medium.linkRSSI(link), generator: &medium.generator)
        guard rssi >= medium.parameters.sensitivity else { return false }
        let per = medium.fresh.packetErrorRate(rssi: rssi)
        return per == 0 || medium.generator.unitInterval() >= per
    }

    /// When a packet ready at `start` gets through on `link`: the first
    /// connection event after `start` whose packet is received, sent again at
    /// each event until then. `nil` when nothing gets through for a
    /// supervision timeout.
    func transmit(on link: Link, from start: Duration, toTill: Bool, in medium: RadioMedium) -> Duration? {
        var time = nextEvent(of: link, after: start)
        while true {
            if receives(link, toTill: toTill, in: medium) { return time }
            if time - start >= link.supervisionTimeout { return nil }
            time += link.interval
        }
    }

    /// The link is lost a supervision timeout after `start`, when nothing got through from then.
    func loseBySupervision(_ link: Link, from start: Duration, in medium: RadioMedium) {
        medium.clock.schedule(at: VirtualInstant(sinceStart: start + link.supervisionTimeout)) { [unowned self, unowned medium] in
            lose(link, .supervisionTimeout, in: medium)
        }
    }

    /// Arms the loss of an idle link: while nothing is sent and its signal
    /// stays the same, every connection event fails with the same chance p
    /// (a packet each way; `PacketSpread`), and the link is lost at the end of
    /// the first run of failed events as long as the supervision timeout.
    /// Runs of n = timeout / interval failures start at rate (1 - p) p^n per
    /// event, so the wait for the first is drawn once, exponential with that
    /// rate, instead of simulating every event. A wait beyond a year is no
    /// loss within any run: no timer.
    func armIdleLoss(_ link: Link, from start: Duration, in medium: RadioMedium) {
        if let timer = link.idleLossTimer { medium.clock.cancel(timer) }
        link.idleLossTimer = nil
        guard link.open, link.phone.motion.isStill else { return }
        let n = Double(Self.nanoseconds(link.supervisionTimeout) / Swift.max(Self.nanoseconds(link.interval), 1))
        // The chance is the same while the phone stands where it is: computed once per position, and
        // first only bounded (16 error rates, not the spread's hundreds): for most links the bound
        // already says that no loss can come, and the exact chance would change nothing.
        let position = medium.position(of: link.phone)
        if link.eventFailure?.at != position {
            let bound = packetSpread.lossBound(mean: medium.linkRSSI(link), model: medium.fresh)
            link.eventFailure = (position, Self.eventFailure(lost: bound), false)
        }
        if let failure = link.eventFailure, !failure.exact {
            if Self.neverLost(failure: failure.p, events: n) { return }
            let lost = packetSpread.lossProbability(mean: medium.linkRSSI(link), model: medium.fresh)
            link.eventFailure = (position, Self.eventFailure(lost: lost), true)
        }
        let p = link.eventFailure?.p ?? 1
        let events: Double
        if p >= 1 {
            events = n
        } else if p <= 0 {
            return
        } else {
            let logRate = log1p(-p) + n * log(p)
            guard logRate > Self.logRateNeverLost else { return }
            events = n + medium.generator.exponential(mean: exp(-logRate))
        }
        let wait = link.interval.seconds * events
        guard wait < 365 * 24 * 3600 else { return }
        link.idleLossTimer = medium.clock.schedule(at: VirtualInstant(sinceStart: start + .seconds(wait))) { [unowned self, unowned medium] in
            link.idleLossTimer = nil
            lose(link, .supervisionTimeout, in: medium)
        }
    }

    /// Below this log rate (a run of lost events as long as the supervision timeout starting in
    /// fewer than one event in 10^12) an idle link is taken never to be lost, and nothing is drawn.
    static let logRateNeverLost = log(1e-12)

    /// The chance that a connection event fails when each of its two packets is lost with chance `lost`.
    static func eventFailure(lost: Double) -> Double {
        1 - (1 - lost) * (1 - lost)
    }

    /// Whether an event failure chance of at most `failure` puts the log rate of `events` failures in
    /// a row below `logRateNeverLost` wherever in [0, `failure`] the exact chance lies: the log rate,
    /// log(1 - p) + events x log(p), is at most events x log(p), which rises with p. The margin is far
    /// above the rounding of either side.
    static func neverLost(failure: Double, events: Double) -> Bool {
        failure < 1 && events * log(failure) < logRateNeverLost - 1e-6
    }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.wholeSeconds
        return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
    }
}
