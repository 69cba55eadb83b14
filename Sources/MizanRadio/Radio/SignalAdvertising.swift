import MizanGeometry
import MizanTime
import MizanProtocol
import MizanRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Advertising and scanning on the signal model (`docs/signal-model.md`), the
/// default (`"advertising": "signal"`):
/// each advertising event three packets, on 37, 38 and 39 `packetSpacing`
/// apart; each phone listens on one channel at a time by its platform's scan
/// profile; a packet's RSSI is what the phone holds from the till (path loss,
/// offsets, shadowing, fades: `SignalModel`) plus per-packet noise; a packet
/// overlapping another on its channel at the phone (another till's, or a
/// bystander's) survives only if it leads by the capture threshold.
///
/// Every draw of a packet (its noise, the bystanders overlapping it, the
/// phone's report loss and hold-off) is hashed from what it belongs to (the
/// till and phone, the event, the channel), never taken from the medium's
/// generator: a packet's fate does not depend on the order in which phones
/// are visited, and a packet that something cheaper decides (a hold-off
/// still running, a signal that no noise could lift above the sensitivity,
/// an overlapping packet that no noise could let it beat) is not drawn.
///
/// It owns the room (`SignalModel`: what each phone holds from each till),
/// the advertisers' event starts (`EventCalendar`), the bystanders' traffic,
/// and each event's colliders; it asks the medium for its devices, its
/// listeners, its clock and its observers.
///
/// Cost: per event, the few tills whose events start within an air time of
/// its own (`EventCalendar`; collisions: two tills' events overlap on every
/// channel or on none, since every event's packets are `packetSpacing`
/// apart) and a visit to each phone of its till's audience (the phones
/// scanning that have not found they can never hear it where they stand: `TillAudiences`);
/// a phone's held signal from a till is computed once per stand and scan.
/// Everything an event's three packets do is done when its first is sent,
/// and the reports are delivered then (at most 2 x `packetSpacing` early).
final class SignalAdvertising: Advertising {
    let parameters: RadioParameters
    /// The room: what each phone holds from each till (`SignalModel`), with the tills added so
    /// far. Bound once per advertising event and passed down borrowed (binding copies it,
    /// retaining each of its arrays; passing a class's stored struct down by reference instead
    /// costs a copy of its bytes per call).
    @exclusivity(unchecked) private(set) var signal: SignalModel
    /// The advertising event under way's colliders, kept to reuse the storage.
    @exclusivity(unchecked) private var colliders: [Collider] = []
    /// The advertisers' event starts by time (`findColliders`).
    @exclusivity(unchecked) private var eventCalendar: EventCalendar
    /// Bystanders' packets overlapping one packet: their mean number (2 x rate x air time) and
    /// the chance of none, e^-mean.
    private let bystanderMean: Double
    private let bystanderNone: Double
    /// `parameters.packetAirtime` and `packetSpacing` in seconds.
    private let airtime: Double
    private let packetSpacing: Double

    /// The floor's walls: a path through them loses their loss.
    private let walls: Walls

    /// A till whose held signal on every channel, plus the largest noise, stays below this is
    /// silent at the phone: never heard (under the sensitivity) and never spoiling a packet that
    /// is (one at the sensitivity beats it by the capture threshold whatever either draws).
    private let silentBelow: Double

    /// Each till's squared distance (m^2) beyond which its mean RSSI, with its offsets, lies under
    /// the level where a packet could be heard or spoil one (`silentBelow` less the largest noise):
    /// the tills a phone that starts scanning asks about at once (`lookAround`). Beside it the till's
    /// index, position and offset (a till's are fixed when it is made), so that the pass over every till
    /// reads one array and no till.
    private var quietBeyond: [(spot: TillSpot, squared: Double)] = []
    /// The box the tills stand in, and the least of `quietBeyond`'s distances: a phone farther than that from
    /// no corner of the box has no till to ask about (`lookAround`; a room, a concourse).
    private var tillsLow = Position(x: .infinity, y: .infinity, z: .infinity)
    private var tillsHigh = Position(x: -.infinity, y: -.infinity, z: -.infinity)
    private var nearestQuiet = Double.infinity

    /// The till strongest beyond the far field's breakpoint (its index and its offsets, drawn and
    /// given): past the breakpoint every till's mean falls by the far field's slope, so the one
    /// strongest there is the strongest at every distance beyond it (`reach`).
    private var strongest: (index: Int, offsets: Double)?
    /// The most and the least a scanning phone's own part of a held signal adds, dB (`phoneExtra`):
    /// the largest and smallest of the phones as they started to scan.
    private var phoneExtraMost = -Double.infinity
    private var phoneExtraLeast = Double.infinity
    /// `eventReaches`, worked out again (`nil`) when a till or a phone changes them.
    private var knownEventReaches: (hearing: Double, interferingMost: Double, interferingLeast: Double)?
    /// Bumped when `strongest` changes: each phone's `interferenceReach` and each till's share are worked out again.
    private var reachGeneration = 0
    /// Twice the far field's breakpoint (infinite without one): within it no reach is cut by a till's share (`ownReach`).
    private let reachFloor: Double
    /// Each till's own reach as a share of the strongest till's (`ownReach`), by index, for `reachGeneration`
    /// (`sharesGeneration`).
    private var reachShares: [Double] = []
    private var sharesGeneration = -1
    /// The least of `reachShares`: a reach within which every till's own reach takes in a phone.
    private var leastShare = 1.0
    /// The tills' shares of the strongest till's reach in their order across the floor (`RadioMedium.tillsAcross`).
    private var acrossShares: [Double] = []
    private var acrossGeneration = -1
    /// The tills a phone that starts scanning may hear or be spoiled by (`tills(across:reaching:)`),
    /// kept to reuse the storage.
    private var reaching: [Int] = []

    /// `delayMaxNanos`: `parameters.advertisingDelayMax` in nanoseconds.
    init(parameters: RadioParameters, room: SignalModel, walls: Walls, delayMaxNanos: Double) {
        self.parameters = parameters
        signal = room
        self.walls = walls
        airtime = parameters.packetAirtime / .seconds(1)
        // Starts are kept from the last event (up to an interval and a delay back) to the next (as far ahead).
        eventCalendar = EventCalendar(width: airtime > 0 ? airtime : 1, span: parameters.advertisingInterval / .seconds(1) + delayMaxNanos / 1e9)
        packetSpacing = parameters.packetSpacing / .seconds(1)
        // (A negative capture threshold, possible through the Swift API, would lift it above the sensitivity.)
        silentBelow = Swift.min(parameters.sensitivity, parameters.sensitivity - parameters.captureThreshold)
        bystanderMean = Swift.max(parameters.bystanderEventsPerSecond, 0) * 2 * airtime
        bystanderNone = exp(-bystanderMean)
        reachFloor = room.pathLoss.farField.map { 2 * $0.breakpoint } ?? .infinity
    }

    var room: SignalModel? { signal }
    var lastEvent: Int { 0 }

    func addTill(_ till: TillEndpoint) {
        signal.addTill()
        if let far = signal.pathLoss.farField {
            let offsets = signal.offsets[till.index] + till.offset
            let beyond = 2 * far.breakpoint
            if strongest.map({ signal.meanRSSI(till: $0.index, distance: beyond) + $0.offsets
                               < signal.meanRSSI(till: till.index, distance: beyond) + offsets }) ?? true {
                strongest = (till.index, offsets)
                knownEventReaches = nil
                reachGeneration += 1
            }
        }
        quietBeyond.append((TillSpot(till), quietDistanceSquared(of: till)))
        nearestQuiet = Swift.min(nearestQuiet, quietBeyond[till.index].squared)
        tillsLow = Position(x: Swift.min(tillsLow.x, till.position.x), y: Swift.min(tillsLow.y, till.position.y), z: Swift.min(tillsLow.z, till.position.z))
        tillsHigh = Position(x: Swift.max(tillsHigh.x, till.position.x), y: Swift.max(tillsHigh.y, till.position.y), z: Swift.max(tillsHigh.z, till.position.z))
    }

    func forget(phone: PhoneEndpoint) {}

    func startAdvertising(_ till: TillEndpoint) {
        joinAdvertisers(till)
    }

    func stopAdvertising(_ till: TillEndpoint) {
        setNextEventStart(till, .infinity)
        leaveAdvertisers(till)
    }

    func scheduled(_ till: TillEndpoint, at start: Double) {
        setNextEventStart(till, start)
    }

    /// One advertising event on the signal model.
    func advertise(_ till: TillEndpoint, payload: [UInt8], in medium: RadioMedium) {
        setNextEventStart(till, .infinity)
        let signal = self.signal
        till.events &+= 1
        let event = till.events
        let start = medium.nowSeconds
        setLastEventStart(till, start)
        medium.packetsSent &+= parameters.advertisingChannels
        if let air = medium.air {
            air.advertisingEvent(till: till.index, event: event, start: medium.now, spacing: .nanoseconds(Int64((packetSpacing * 1e9).rounded())),
                                 channels: parameters.advertisingChannels, payload: payload)
        }
        // The tills whose events overlap this one, into the reused storage, taken while the event runs.
        var overlapping: [Collider] = []
        swap(&overlapping, &colliders)
        let narrows = findColliders(of: till, at: start, in: medium, into: &overlapping)
        let lastPacket = start + Double(parameters.advertisingChannels - 1) * packetSpacing
        // The phones scanning as the event begins that may hear the till (its audience: not those
        // that found they never can where they stand), in index order.
        var visit = medium.listeners.visit(hearing: till)
        overlapping.withUnsafeBufferPointer { overlapping in
            let colliders = EventColliders(all: overlapping, narrows: narrows)
            while let next = visit.next() {
                next.with { phone in
                    guard phone.scanning, phone.availability == .on else { return }
                    hear(till, event: event, payload: payload, start: start, lastPacket: lastPacket, at: phone,
                         colliders: colliders, signal: signal, in: medium)
                }
            }
        }
        swap(&overlapping, &colliders)
        // Phones waiting to connect answer one of the event's packets (faithful link layer).
        for channel in 0..<parameters.advertisingChannels where !till.connectors.isEmpty {
            medium.connections.answerAdvertisement(of: till, event: event, channel: channel, in: medium)
        }
    }

    /// The link's fixed offset on the signal model: what the phone holds from the till, less the distance's path loss.
    func fixedOffset(_ phone: PhoneEndpoint, _ till: TillEndpoint, in medium: RadioMedium) -> Double {
        held(phone, till, in: medium).link - medium.fresh.meanRSSI(distance: medium.distance(phone, till))
    }

    /// The most the phone's own part of a held signal adds, dB: its offset less its body loss, its
    /// carrier's body at its best toward any till, and the walls at their least (`heldStanding`).
    /// The floor sets a phone's carriage before it scans (`PhoneEndpoint.carry`): the reaches take
    /// each phone's as it starts to scan.
    private func phoneExtra(_ phone: PhoneEndpoint) -> Double {
        phone.offset - phone.bodyLoss + phone.direction.largest + walls.mostGained
    }

    /// The floor's reaches for an event (`findColliders`), from the tills and the phones that have
    /// scanned (a phone's carriage is set before it scans); infinite without a far field (one slope
    /// carries a till's reach past any floor). Exact: a packet reads at most its mean plus its
    /// offsets and `drawCeiling`.
    /// - `hearing`: the most a phone that hears an event may stand from its till (the sensitivity's
    ///   reach for the phone adding the most);
    /// - `interferingMost`: the most a phone may stand from a till whose packet could spoil one
    ///   heard (one reading at least `silentBelow`; the phone adding the most): an event's
    ///   colliders stand within `hearing` and this of its till (each till's own: `ownReach`);
    /// - `interferingLeast`: the least reach of any scanning phone for a packet that could spoil
    ///   one (the phone adding the least): with `hearing`, whether an event's colliders all lie
    ///   within the reach of every phone that hears it.
    private func eventReaches() -> (hearing: Double, interferingMost: Double, interferingLeast: Double) {
        if let known = knownEventReaches { return known }
        let reaches = (reach(level: parameters.sensitivity, extra: phoneExtraMost), reach(level: silentBelow, extra: phoneExtraMost),
                       reach(level: silentBelow, extra: phoneExtraLeast))
        knownEventReaches = reaches
        return reaches
    }

    /// How far from the phone a till's packet may read `silentBelow` or more, the least that
    /// could spoil a packet heard (`reach`, the phone's own part): worked out once for the floor's tills.
    @inline(__always)
    private func interferenceReach(_ phone: PhoneEndpoint) -> Double {
        let extra = phoneExtra(phone)
        if phone.interferenceReach.generation != reachGeneration || phone.interferenceReach.extra != extra {
            phone.interferenceReach = (reachGeneration, extra, reach(level: silentBelow, extra: extra))
        }
        return phone.interferenceReach.distance
    }

    /// The farthest any till's packet, with `extra` dB of the phone's part, may read `level` dBm or
    /// more (m): beyond it the strongest till's mean plus its offsets, `extra` and `drawCeiling` is
    /// under `level` (every till's at least as far under, past the breakpoint). At least twice the
    /// breakpoint (0 before any phone has scanned: no extra); infinite without a far field that
    /// steepens, or past 10,000 km.
    private func reach(level: Double, extra: Double) -> Double {
        guard let strongest, let far = signal.pathLoss.farField, far.exponent > 0 else { return .infinity }
        guard extra > -.infinity else { return 0 }
        // Rounding's slack: what is compared here and a held signal add the same terms in other orders.
        func margin(_ distance: Double) -> Double {
            signal.meanRSSI(till: strongest.index, distance: distance) + strongest.offsets + extra + signal.drawCeiling - (level - 1e-6)
        }
        var near = 2 * far.breakpoint, beyond = 1e7
        let left = margin(near)
        guard left >= 0 else { return near }
        // Past the breakpoint the mean falls by the far field's slope: where the margin is spent (a
        // little beyond, for rounding), checked; by bisection should rounding leave it short.
        let spent = near * pow(10, left / (10 * far.exponent)) * (1 + 1e-9)
        guard spent < beyond else { return .infinity }
        if margin(spent) < 0 { return spent }
        func reaches(_ distance: Double) -> Bool { margin(distance) >= 0 }
        near = spent
        guard !reaches(beyond) else { return .infinity }
        for _ in 0..<64 {
            let middle = (near + beyond) / 2
            if reaches(middle) { near = middle } else { beyond = middle }
        }
        return beyond * (1 + 1e-9)
    }

    /// A till's own reach, m, where the strongest till's is `reach` (`reach(level:extra:)`) and the till's
    /// share of it is `share` (`reachShares`): past twice the breakpoint every till's mean falls by the far
    /// field's slope, so a till weaker there by d dB falls under any level a factor 10^(d / 10 slope)
    /// nearer (a little beyond, for rounding), and never nearer than twice the breakpoint.
    @inline(__always)
    private func ownReach(_ reach: Double, share: Double) -> Double {
        guard reach > reachFloor, reach.isFinite else { return reach }
        return Swift.max(reachFloor, reach * share * (1 + 1e-9))
    }

    /// Works out each till's share of the strongest till's reach, by index (`reachShares`, `ownReach`;
    /// 1 without a far field) if the tills have changed: 10^(-d / 10 slope), where the till is d dB
    /// weaker than the strongest at twice the breakpoint.
    private func refreshShares() {
        if sharesGeneration == reachGeneration, reachShares.count == quietBeyond.count { return }
        if let strongest, let far = signal.pathLoss.farField, far.exponent > 0 {
            let beyond = 2 * far.breakpoint, top = signal.meanRSSI(till: strongest.index, distance: beyond) + strongest.offsets
            reachShares = quietBeyond.map { till in
                let weaker = top - (signal.meanRSSI(till: till.spot.index, distance: beyond) + signal.offsets[till.spot.index] + till.spot.offset)
                return Swift.min(1, pow(10, -Swift.max(weaker, 0) / (10 * far.exponent)))
            }
        } else {
            reachShares = Array(repeating: 1, count: quietBeyond.count)
        }
        sharesGeneration = reachGeneration
        leastShare = reachShares.min() ?? 1
    }

    /// The tills whose events overlap this one (their last, or their next
    /// already scheduled), unretained (the medium keeps every till for the
    /// run), in index order: the calendar's few candidates, each asked as
    /// every advertiser once was, then put in order (a till listed twice
    /// near the event is found twice, the same both times).
    private func findColliders(of till: TillEndpoint, at start: Double, in medium: RadioMedium, into colliders: inout [Collider]) -> Bool {
        colliders.removeAll(keepingCapacity: true)
        guard airtime > 0 else { return false }
        let cuts = medium.keepsSilentTills, reaches = cuts ? eventReaches() : (.infinity, .infinity, .infinity)
        refreshShares()
        let position = till.position
        // A packet spoiling one heard reads at least `silentBelow` at a phone within the event's till's reach.
        let hearing = ownReach(reaches.hearing, share: reachShares[till.index])
        // Within the least of the tills' own reaches, a candidate's share is not asked.
        let least = hearing + ownReach(reaches.interferingMost, share: leastShare)
        var beyond = 0
        medium.tills.withUnsafeBufferPointer { tills in
            reachShares.withUnsafeBufferPointer { shares in
                eventCalendar.forEachCandidate(around: start, within: airtime) { index in
                    Borrowed(tills[index]).with { other in
                        guard other !== till, let event = overlappingEvent(of: other, at: start) else { return }
                        let squared = position.squaredDistance(to: other.position)
                        if squared > least * least {
                            let reach = hearing + ownReach(reaches.interferingMost, share: shares[index])
                            guard squared <= reach * reach else {
                                beyond += 1
                                return
                            }
                        }
                        colliders.append(Collider(till: Borrowed(other), index: index, event: event, x: other.position.x))
                    }
                }
            }
        }
        if colliders.count > 1 {
            // Across the floor (`survives` takes those within a phone's reach), a till found twice
            // side by side (it is found the same both times), then each till once.
            let kept = colliders.withUnsafeMutableBufferPointer { colliders in
                colliders.sort { $0.x < $1.x || ($0.x == $1.x && $0.index < $1.index) }
                var kept = 1
                for index in 1..<colliders.count where colliders[index].index != colliders[kept - 1].index {
                    colliders[kept] = colliders[index]
                    kept += 1
                }
                return kept
            }
            colliders.removeLast(colliders.count - kept)
        }
        medium.collidersBeyondReach &+= beyond
        assert(colliders.map { [$0.index, $0.event] }.sorted { $0[0] < $1[0] }
               == scannedColliders(of: till, at: start, among: medium.tills) { hearing + ownReach(reaches.interferingMost, share: reachShares[$0]) },
               "the calendar's colliders are every advertiser's")
        // Whether a phone that hears the event may find one of them beyond its reach: a phone within
        // the sensitivity's reach of the till, whose reach for the collider is at least the least of any phone's.
        guard cuts, let lowest = colliders.first?.x, let highest = colliders.last?.x else { return false }
        let x = till.position.x
        if Swift.max(abs(lowest - x), abs(highest - x)) + hearing <= ownReach(reaches.interferingLeast, share: leastShare) { return false }
        return colliders.contains { abs($0.x - x) + hearing > ownReach(reaches.interferingLeast, share: reachShares[$0.index]) }
    }

    /// The colliders as every advertiser is asked, in index order: what `findColliders` finds
    /// from the calendar's candidates, checked against it in debug builds (every test's floor).
    private func scannedColliders(of till: TillEndpoint, at start: Double, among tills: [TillEndpoint], reach: (Int) -> Double) -> [[Int]] {
        tills.compactMap { other in
            guard other !== till, let event = overlappingEvent(of: other, at: start),
                  case let reach = reach(other.index), till.position.squaredDistance(to: other.position) <= reach * reach else { return nil }
            return [other.index, event]
        }
    }

    /// The number of `other`'s event that overlaps one starting at `start`, if it advertises and
    /// one does: its last, or else its next already scheduled.
    @inline(__always)
    private func overlappingEvent(of other: TillEndpoint, at start: Double) -> Int? {
        guard other.isAdvertiser else { return nil }
        if abs(other.lastEventStart - start) < airtime { return other.events }
        if abs(other.nextEventStart - start) < airtime { return other.events &+ 1 }
        return nil
    }

    /// The till's advertising event at one phone scanning: the packets on the
    /// channels it listens to, in the order they are sent. An event's three
    /// packets span 6 ms and an interval lasts 40 ms (iOS) or more, so at most
    /// two are asked about: the one on the channel of the interval the event
    /// begins in, and if the event runs into the next interval, the one on
    /// the next channel. The others the phone cannot hear.
    @inline(__always)
    private func hear(_ till: TillEndpoint, event: Int, payload: [UInt8], start: Double, lastPacket: Double, at phone: PhoneEndpoint,
                      colliders: EventColliders, signal: SignalModel, in medium: RadioMedium) {
        if start >= phone.listenEnd || start < phone.listenStart { findInterval(of: phone, at: start) }
        // Scan intervals shorter than an event (possible only through the Swift API's `ScanProfile`):
        // each packet asks which channel the phone listens on then.
        guard lastPacket < phone.listenEnd + phone.scanInterval else {
            hearPacketByPacket(till, event: event, payload: payload, start: start, at: phone, colliders: colliders, signal: signal, in: medium)
            return
        }
        let channels = parameters.advertisingChannels
        let channel = phone.listenChannel
        let time = start + Double(channel) * packetSpacing
        if channel < channels, time < phone.listenEnd, time >= phone.listenStart, time < phone.listenStart + phone.scanWindow {
            receive(till, event: event, payload: payload, at: phone, channel: channel, time: time, colliders: colliders, signal: signal, in: medium)
        }
        guard lastPacket >= phone.listenEnd else { return }
        let next = channel == 2 ? 0 : channel + 1
        let nextTime = start + Double(next) * packetSpacing
        if next < channels, nextTime >= phone.listenEnd, nextTime < phone.listenEnd + phone.scanWindow {
            receive(till, event: event, payload: payload, at: phone, channel: next, time: nextTime, colliders: colliders, signal: signal, in: medium)
        }
    }

    /// `hear` for an event that spans more than two of the phone's scan intervals: each packet on
    /// the channel the phone listens on at its time, if it listens then.
    @inline(never)
    private func hearPacketByPacket(_ till: TillEndpoint, event: Int, payload: [UInt8], start: Double, at phone: PhoneEndpoint,
                                    colliders: EventColliders, signal: SignalModel, in medium: RadioMedium) {
        for channel in 0..<parameters.advertisingChannels {
            let time = start + Double(channel) * packetSpacing
            let interval = scanInterval(phone, at: time)
            guard (time - phone.scanPhase) - interval * phone.scanInterval < phone.scanWindow, Self.channel(ofInterval: interval) == channel else { continue }
            receive(till, event: event, payload: payload, at: phone, channel: channel, time: time, colliders: colliders, signal: signal, in: medium)
        }
    }

    /// The scan interval `time` falls in becomes the one the phone is found
    /// in: the one whose bounds, computed as `hear` keeps them, hold `time`
    /// (a division, then a step either way where rounding put `time` across
    /// a bound, as it can only by one), so a function of the time alone, whichever events the phone
    /// was visited by before (its till's audience passes over some).
    @inline(never)
    private func findInterval(of phone: PhoneEndpoint, at time: Double) {
        var index = scanInterval(phone, at: time)
        if time < phone.scanPhase + index * phone.scanInterval {
            index -= 1
        } else if time >= phone.scanPhase + (index + 1) * phone.scanInterval {
            index += 1
        }
        phone.listenStart = phone.scanPhase + index * phone.scanInterval
        phone.listenEnd = phone.scanPhase + (index + 1) * phone.scanInterval
        phone.listenChannel = Self.channel(ofInterval: index)
    }

    /// One packet of the till's advertising event on `channel` at a phone
    /// listening there: heard if it clears the sensitivity, survives what
    /// overlaps it and the phone reports it. The cheap questions come first,
    /// and a packet they settle is not drawn.
    @inline(__always)
    private func receive(_ till: TillEndpoint, event: Int, payload: [UInt8], at phone: PhoneEndpoint, channel: Int, time: Double,
                         colliders: EventColliders, signal: SignalModel, in medium: RadioMedium) {
        let air = medium.air
        guard let heldSignal = packetHeld(phone, till, at: time, signal: signal, in: medium) else {
            if let air { air.lost(till: till.index, event: event, channel: channel, phone: phone.index, why: .heldOff) }
            return
        }
        let mean = heldSignal.channel(channel), noiseBound = signal.noiseBound
        let sensitivity = parameters.sensitivity
        guard mean + noiseBound >= sensitivity else { return }
        let pair = signal.pairKey(till: till.index, phone: phone.index)
        let rssi = Swift.min(mean + signal.noise(pair: pair, event: event, channel: channel), heldSignal.ceiling)
        guard rssi >= sensitivity else {
            if let air { air.lost(till: till.index, event: event, channel: channel, phone: phone.index, why: .belowSensitivity) }
            return
        }
        if !colliders.all.isEmpty, !survives(rssi, at: phone, channel: channel, colliders: colliders, signal: signal, in: medium) {
            if let air { air.lost(till: till.index, event: event, channel: channel, phone: phone.index, why: .collided) }
            return
        }
        var draws = signal.reportState(pair: pair, event: event, channel: channel)
        if bystanderMean > 0, !survivesBystanders(rssi, &draws, signal: signal) {
            if let air { air.lost(till: till.index, event: event, channel: channel, phone: phone.index, why: .bystander) }
            return
        }
        guard report(till, at: time, to: phone, &draws, signal: signal) else {
            if let air { air.lost(till: till.index, event: event, channel: channel, phone: phone.index, why: .notReported) }
            return
        }
        medium.packetsHeard &+= 1
        if let air { air.heard(till: till.index, event: event, channel: channel, phone: phone.index, rssi: SignalModel.reported(rssi)) }
        phone.reportAdvertisement(payload, rssi: SignalModel.reported(rssi))
    }

    /// Which of the phone's scan intervals `time` falls in (a whole number; never decreasing in `time`).
    func scanInterval(_ phone: PhoneEndpoint, at time: Double) -> Double {
        Self.wholeBelow((time - phone.scanPhase) / phone.scanInterval)
    }

    /// `x.rounded(.down)`, without a call into the C library's `floor` for the
    /// usual case (0 <= x < 2^62, where truncating is rounding down).
    @inline(__always)
    static func wholeBelow(_ x: Double) -> Double {
        x >= 0 && x < 0x1p62 ? Double(Int64(x)) : x.rounded(.down)
    }

    /// The channel scanned in interval `index` (a whole number): its remainder by 3, from 0 to 2.
    /// Computed in floating point, exactly for any index below 2^50 in size (its third is then
    /// never rounded across a whole number), without an integer division per packet.
    static func channel(ofInterval index: Double) -> Int {
        Int(index - 3 * Self.wholeBelow(index / 3))
    }

    /// Whether a packet arriving `rssi` dBm strong on `channel` at the phone
    /// survives the other tills' packets of the events in `colliders`.
    @inline(never)
    private func survives(_ rssi: Double, at phone: PhoneEndpoint, channel: Int, colliders: EventColliders,
                          signal: SignalModel, in medium: RadioMedium) -> Bool {
        let capture = parameters.captureThreshold, noiseBound = signal.noiseBound
        // Standing and hearing every till, what the phone keeps for its stand answers first, read
        // here as `packetHeld` reads it: a silent till's mark (most of a large floor's colliders),
        // else its signal. Only a till it keeps nothing of is asked through `packetHeld`.
        let standing = (phone.isStill || medium.now <= phone.motionStart) && medium.listeners.audibility == .everyone
        let stand = phone.standTag
        // Only the colliders across the floor within the phone's reach can spoil the packet: those
        // within the strongest till's, and of those, each within its own.
        let all = colliders.all
        var window = all.indices, reach = Double.infinity, x = 0.0
        if colliders.narrows, medium.keepsSilentTills, case let strongest = interferenceReach(phone), strongest.isFinite {
            (reach, x) = (strongest, medium.position(of: phone).x)
            window = AcrossOrder.within(all.count, from: x - reach, to: x + reach) { all[$0].x }
            medium.collidersBeyondReach &+= all.count - window.count
        }
        for collider in all[window] {
            if reach.isFinite, abs(collider.x - x) > ownReach(reach, share: reachShares[collider.index]) {
                medium.collidersBeyondReach &+= 1
                continue
            }
            if standing, phone.heldCache.isSilent(till: collider.index, stand: stand) { continue }
            let kept = standing ? phone.heldCache.signal(till: collider.index, stand: stand) : nil
            guard let heldSignal = kept ?? collider.till.with({ other in
                medium.listeners.canHear(phone, other) ? packetHeld(phone, other, at: nil, signal: signal, in: medium) : nil
            }) else { continue }
            let interferer = heldSignal.channel(channel), ceiling = heldSignal.ceiling
            // So far below that no noise it can draw makes it matter, or so far above that none saves the
            // packet: its noise is not drawn (a hash, so no other draw moves).
            if rssi - Swift.min(interferer + noiseBound, ceiling) >= capture { continue }
            if rssi - Swift.min(interferer - noiseBound, ceiling) < capture { return false }
            if rssi - Swift.min(interferer + signal.noise(till: collider.index, event: collider.event, phone: phone.index, channel: channel), ceiling)
                < capture {
                return false
            }
        }
        return true
    }

    /// Whether the packet survives the bystanders' packets overlapping it (a
    /// Poisson process per receiver and channel: the number starting within
    /// an air time either side is Poisson with mean `bystanderMean`, 2 x rate
    /// x air time, each N(`bystanderRSSI`, `bystanderSpread`)), drawn from the packet's hash state.
    @inline(never)
    private func survivesBystanders(_ rssi: Double, _ draws: inout UInt64, signal: SignalModel) -> Bool {
        // A Poisson count with a small mean, by inversion.
        let u = signal.unit(&draws)
        var p = bystanderNone, cumulative = p, count = 0
        while u >= cumulative, count < 1_000 {
            count += 1
            p *= bystanderMean / Double(count)
            cumulative += p
        }
        while count > 0 {
            count -= 1
            let interferer = parameters.bystanderRSSI + parameters.bystanderSpread * signal.normal(&draws)
            if rssi - interferer < parameters.captureThreshold { return false }
        }
        return true
    }

    /// Whether the phone reports a packet it decoded: its profile's report
    /// loss, and (iOS) its hold-off (the packet was checked against the
    /// running one before it was drawn), drawn from the packet's hash state.
    @inline(__always)
    private func report(_ till: TillEndpoint, at time: Double, to phone: PhoneEndpoint, _ draws: inout UInt64, signal: SignalModel) -> Bool {
        if phone.reportLoss > 0, signal.unit(&draws) < phone.reportLoss { return false }
        if phone.holdsReports {
            let until = time + phone.reportHoldMedian * exp(phone.reportHoldSpread * signal.normal(&draws))
            let slot = phone.holdOffs.slotInserting(till.index)
            phone.holdOffs[slot].reportableFrom = until
        }
        return true
    }

    /// What the phone receives from the till before per-packet noise: held
    /// while it stands (the last till asked kept for the stand: its link's,
    /// which connection events ask again and again), computed afresh while it
    /// walks (its fades drawn anew every `fadingLength` walked).
    func held(_ phone: PhoneEndpoint, _ till: TillEndpoint, in medium: RadioMedium) -> HeldSignal {
        if let kept = keptHeld(phone, till, now: medium.now) { return kept }
        let value = computeHeld(phone, till, signal: self.signal, in: medium)
        if phone.isStill || medium.now <= phone.motionStart { phone.lastHeld = (till.index, phone.stands, value) }
        return value
    }

    /// What the phone receives from the till for one packet (the per-packet
    /// path, which has the signal model at hand: binding `self.signal` copies
    /// it, retaining each of its arrays), or nil when the till's hold-off runs
    /// past `time` (a packet heard at `time`; nil for an interferer). A phone
    /// standing while it scans keeps what it receives from each till for the
    /// stand, up to `heldCacheCapacity` tills.
    @inline(__always)
    func packetHeld(_ phone: PhoneEndpoint, _ till: TillEndpoint, at time: Double?, signal: SignalModel, in medium: RadioMedium) -> ChannelSignal? {
        // iOS: a till reported within its hold-off is not reported again, whatever the packet.
        if let time, phone.holdsReports {
            let slot = phone.holdOffs.slot(of: till.index)
            if slot >= 0, time < phone.holdOffs[slot].reportableFrom { return nil }
        }
        guard phone.isStill || medium.now <= phone.motionStart else {
            // Walking: worked out afresh, no further than it takes to know it silent (`isSilent`):
            // a silent till gives nothing a packet could use, as `.silent` gives nothing.
            let cuts = medium.keepsSilentTills
            guard let held = heldWalking(phone, till, at: medium.position(of: phone), signal: signal,
                                         unlessUnder: cuts ? silentBelow : -.infinity),
                  case let value = ChannelSignal(held), !cuts || !isSilent(value, signal: signal) else {
                medium.silentToWalkers &+= 1
                return .silent
            }
            return value
        }
        // What it keeps first: a till kept as heard in a stand is never marked silent in it, and an
        // event's visits are mostly to phones that hear its till (its audience), where reading the
        // silent mark first cost a cache miss of its own on a large floor.
        let stand = phone.standTag
        if let kept = phone.heldCache.signal(till: till.index, stand: stand) { return kept }
        if phone.heldCache.isSilent(till: till.index, stand: stand) { return .silent }
        let value = ChannelSignal(computeHeld(phone, till, signal: signal, in: medium))
        // Never heard, and never enough to spoil a packet heard (`receive`, `survives`): kept as a bit.
        if isSilent(value, signal: signal), medium.keepsSilentTills { return keepSilent(phone, till: till.index, stand, in: medium) }
        keepHeard(value, phone, till: till.index, stand, signal: signal, in: medium)
        return value
    }

    /// The phone keeps what it receives from the till in its stand `stand`. A till too weak for
    /// any noise to lift it to the sensitivity (though it may spoil a packet that is: `survives`
    /// asks the cache) is never heard: its events pass the phone over while it stands still, as a
    /// silent till's do (`keepSilent`; their visits would do nothing). (Inlined, as `keepSilent`.)
    @inline(__always)
    private func keepHeard(_ value: ChannelSignal, _ phone: PhoneEndpoint, till: Int, _ stand: UInt32,
                           signal: SignalModel, in medium: RadioMedium) {
        phone.heldCache.keep(value, till: till, stand: stand)
        if value.loudestPacket(noiseBound: signal.noiseBound) < parameters.sensitivity, medium.keepsSilentTills, phone.isStill, phone.heldCache.marks(till: till) {
            if let audiences = medium.listeners.audiences {
                audiences.silence(till: till, phone: phone.index)
                medium.tooWeakTillsPassedOver &+= 1
            }
        }
    }

    /// Whether what a phone holds from a till is below what any noise could lift to the sensitivity
    /// less the capture threshold (`silentBelow`).
    @inline(__always)
    private func isSilent(_ value: ChannelSignal, signal: SignalModel) -> Bool {
        value.loudestPacket(noiseBound: signal.noiseBound) < silentBelow
    }

    /// The phone keeps the till as silent in its stand `stand`. (Inlined: as a call, the per-packet
    /// path that asks it spills registers for it, about 0.6 % of W3's instructions.)
    @inline(__always)
    private func keepSilent(_ phone: PhoneEndpoint, till: Int, _ stand: UInt32, in medium: RadioMedium) -> ChannelSignal {
        let kept = phone.heldCache.keepSilent(till: till, stand: stand)
        medium.silentTillsMarked &+= 1
        // Standing still (until its motion changes, which gives it back), its visits by the
        // till's events would find the till silent: they pass it over. (Not with a capture of
        // the air, which stops the audiences: `RadioMedium.sniff`.)
        if kept, phone.isStill { medium.listeners.audiences?.silence(till: till, phone: phone.index) }
        return .silent
    }

    /// The held signal already computed for this stand, if any.
    @inline(__always)
    private func keptHeld(_ phone: PhoneEndpoint, _ till: TillEndpoint, now: Duration) -> HeldSignal? {
        guard phone.isStill || now <= phone.motionStart else { return nil }
        // Its link's till (connection events ask again and again): the last one asked, kept while it stands.
        if let last = phone.lastHeld, last.till == till.index, last.stand == phone.stands { return last.value }
        return nil
    }

    /// What the phone holds from the till now (`SignalModel.held`).
    @inline(never)
    private func computeHeld(_ phone: PhoneEndpoint, _ till: TillEndpoint, signal: SignalModel, in medium: RadioMedium) -> HeldSignal {
        let here = medium.position(of: phone)
        if phone.isStill || medium.now <= phone.motionStart {
            // Nothing is under minus infinity: never nil (and the bounds fold away).
            return heldStanding(phone, till, TillSpot(till), at: here, basis: spotBasis(phone, at: here, signal: signal), signal: signal,
                                unlessUnder: -.infinity)!
        }
        return heldWalking(phone, till, at: here, signal: signal, unlessUnder: -.infinity)!
    }

    /// What the phone walking at `here` holds from the till (its fades drawn anew every
    /// `fadingLength` walked), or nil when that is surely under `level` on every channel
    /// (`SignalModel.held(unlessUnder:)`): the walls, the carriage and the shadowing are then
    /// worked out only as far as it takes to know it.
    @inline(__always)
    private func heldWalking(_ phone: PhoneEndpoint, _ till: TillEndpoint, at here: Position, signal: SignalModel,
                             unlessUnder level: Double) -> HeldSignal? {
        let walked = here.distance(to: phone.motion.origin)
        let step = UInt64(Swift.min(walked / Swift.max(parameters.fadingLength, 1e-3), 1e6))
        // The carrier's body at its best toward the till, and the walls at their least (as `heldStanding`).
        let atMost = till.offset + phone.offset - phone.bodyLoss + phone.direction.largest + walls.mostGained
        return signal.held(till: till.index, tillPosition: till.position, phone: phone.index, at: here,
                           basis: spotBasis(phone, at: here, signal: signal), stand: phone.stands << 24 | (step + 1),
                           unlessUnder: level, fixedAtMost: atMost, fixedOffset: { heldOffset(phone, till, at: here, standing: false, unlessUnder: $0) })
    }

    /// The shadowing features of the spot `here` where the phone is: worked out once per spot, for
    /// every till (a phone standing keeps its spot; one walking is asked about many tills at one
    /// instant, for a packet's colliders). A function of the spot's x and y alone.
    @inline(__always)
    private func spotBasis(_ phone: PhoneEndpoint, at here: Position, signal: SignalModel) -> SharedSpectrumShadowing.Basis {
        if let kept = phone.shadowingBasis, kept.x == here.x, kept.y == here.y { return kept.basis }
        let basis = signal.shadowingBasis(at: here)
        phone.shadowingBasis = (here.x, here.y, basis)
        return basis
    }

    /// What the phone standing at `here` (its spot's features `basis`) holds from the till (`spot`: its
    /// index, position and offset; the till itself is read only for the fixed offset, once the bounds
    /// cannot settle it), or nil when that is surely under `level` on every channel
    /// (`SignalModel.held(unlessUnder:)`).
    @inline(__always)
    private func heldStanding(_ phone: PhoneEndpoint, _ till: TillEndpoint, _ spot: TillSpot, at here: Position, basis: SharedSpectrumShadowing.Basis,
                              signal: SignalModel, unlessUnder level: Double) -> HeldSignal? {
        // The carrier's body at its best toward the till, and the walls at their least.
        let atMost = spot.offset + phone.offset - phone.bodyLoss + phone.direction.largest + walls.mostGained
        return signal.held(till: spot.index, tillPosition: spot.position, phone: phone.index, at: here, basis: basis,
                           stand: phone.stands << 24, unlessUnder: level, fixedAtMost: atMost,
                           fixedOffset: { heldOffset(phone, till, at: here, standing: true, unlessUnder: $0) })
    }

    /// What adds to the till's signal at the phone besides the room's draws, dB: the till's and the
    /// phone's offsets, the phone's body loss, its carrier's body toward the till and the walls between;
    /// or nil once the walls surely bring it under `needed` (the rest of them are then not asked).
    @inline(__always)
    private func heldOffset(_ phone: PhoneEndpoint, _ till: TillEndpoint, at here: Position, standing: Bool,
                            unlessUnder needed: Double) -> Double? {
        var fixed = till.offset + phone.offset - phone.bodyLoss
        if !phone.direction.isNone {
            // Standing, the carrier faces where they were turned; walking, the way they walk.
            let heading = standing ? phone.facing : atan2(phone.motion.velocity.y, phone.motion.velocity.x)
            fixed += phone.direction.gain(heading: heading, bearing: DirectionGain.bearing(fromX: here.x, y: here.y, toX: till.position.x, toY: till.position.y))
        }
        if !walls.isEmpty {
            // Walls that add (a negative loss) add at most `mostGained`.
            guard let loss = walls.loss(from: here, to: till.position, unlessOver: fixed + walls.mostGained - needed) else { return nil }
            fixed -= loss
        }
        return fixed
    }

    /// A phone starts scanning: it begins listening (`beginScan`), joins the listeners,
    /// and hears the events that begin at this very instant (`hearEventsBegunNow`).
    func startScan(_ phone: PhoneEndpoint, in medium: RadioMedium) {
        beginScan(phone, in: medium)
        let extra = phoneExtra(phone)
        if extra > phoneExtraMost || extra < phoneExtraLeast {
            (phoneExtraMost, phoneExtraLeast) = (Swift.max(extra, phoneExtraMost), Swift.min(extra, phoneExtraLeast))
            knownEventReaches = nil
        }
        // Standing still, the tills beyond the reach of any packet it could hear pass it over from the start.
        let cuts = phone.isStill && medium.keepsSilentTills
        medium.listeners.join(phone, tills: cuts ? tills(across: medium.position(of: phone).x,
                                                          reaching: reach(level: parameters.sensitivity, extra: extra), in: medium) : nil)
        // What it found silent in an earlier scan from where it still stands, the tills' events pass over from the start.
        if phone.isStill, let audiences = medium.listeners.audiences {
            phone.heldCache.forEachSilent(stand: phone.standTag) { audiences.silence(till: $0, phone: phone.index) }
            // And what it is likely not to hear, it asks about at once.
            if audiences.isTracking, medium.keepsSilentTills { lookAround(phone, in: medium) }
        }
        hearEventsBegunNow(by: phone, in: medium)
    }

    /// A phone that starts scanning standing still asks at once about each till likely silent
    /// where it stands (beyond `quietBeyond`; not yet marked): what it holds from it, kept as a
    /// packet would keep it (`packetHeld`), so that a till found silent has its audience pass the phone
    /// over from its first event. Otherwise each till's first event would visit the phone to find
    /// that out: on a row of thousands of tills, most of the first second's work. It works a held
    /// signal out only as far as it takes to know it silent (`SignalModel.held(unlessUnder:)`:
    /// most of these are), and what it finds is what those visits would (every draw is hashed:
    /// `SignalModel`), so nothing heard changes; a till it does not ask about (nearer than
    /// `quietBeyond`) is found silent, if it is, when its events visit the phone, as before. The
    /// guess leaves out the phone's own offsets, its carriage and the walls: it only chooses which
    /// tills are asked now rather than later.
    private func lookAround(_ phone: PhoneEndpoint, in medium: RadioMedium) {
        let signal = self.signal
        let stand = phone.standTag
        let here = medium.position(of: phone)
        // The box's farthest corner from here, nearer than every till's distance to ask at: none to ask.
        let farthest = Position(x: Swift.max(abs(here.x - tillsLow.x), abs(here.x - tillsHigh.x)),
                                y: Swift.max(abs(here.y - tillsLow.y), abs(here.y - tillsHigh.y)),
                                z: Swift.max(abs(here.z - tillsLow.z), abs(here.z - tillsHigh.z)))
        guard farthest.squaredDistance(to: Position(x: 0, y: 0, z: 0)) > nearestQuiet else { return }
        // The spot's features and the level once for the pass; each till's spot beside its distance to ask at.
        let basis = spotBasis(phone, at: here, signal: signal), level = silentBelow
        // Only the tills within the reach of a packet that could spoil one heard: the others are never asked.
        let near = tills(across: here.x, reaching: interferenceReach(phone), in: medium)
        medium.tills.withUnsafeBufferPointer { tills in
            quietBeyond.withUnsafeBufferPointer { quietBeyond in
                for index in near where here.squaredDistance(to: quietBeyond[index].spot.position) > quietBeyond[index].squared
                    && !phone.heldCache.isSilent(till: index, stand: stand) {
                    Borrowed(tills[index]).with { till in
                        // Worked out no further than it takes to know it silent, as most are.
                        guard let held = heldStanding(phone, till, quietBeyond[index].spot, at: here, basis: basis, signal: signal, unlessUnder: level),
                              case let value = ChannelSignal(held), !isSilent(value, signal: signal) else {
                            _ = keepSilent(phone, till: index, stand, in: medium)
                            medium.silentTillsMarkedAtScanStart &+= 1
                            return
                        }
                        keepHeard(value, phone, till: index, stand, signal: signal, in: medium)
                    }
                }
            }
        }
    }

    /// The indices of the tills whose x is within their own reach (`ownReach`) of `x`, where the
    /// strongest till's is `reach`, in order across the floor (all of them for an infinite reach):
    /// the tills across within `reach`, or where the shares cut some, those kept in `reaching`.
    private func tills(across x: Double, reaching reach: Double, in medium: RadioMedium) -> ArraySlice<Int> {
        refreshShares()
        let across = medium.tillsAcross
        if acrossShares.count != across.count || acrossGeneration != reachGeneration {
            acrossShares = across.indices.map { reachShares[$0] }
            acrossGeneration = reachGeneration
        }
        guard reach.isFinite else { return across.indices[...] }
        let window = across.places(from: x - reach, to: x + reach)
        // Each till's own reach takes in every till of the window (the least share's does): no share asked.
        guard let first = window.first, let last = window.last,
              Swift.max(abs(across.xs[first] - x), abs(across.xs[last] - x)) > ownReach(reach, share: leastShare) else {
            return across.indices[window]
        }
        reaching.removeAll(keepingCapacity: true)
        let indices = across.indices
        across.xs.withUnsafeBufferPointer { xs in
            acrossShares.withUnsafeBufferPointer { shares in
                for place in window where abs(xs[place] - x) <= ownReach(reach, share: shares[place]) {
                    reaching.append(indices[place])
                }
            }
        }
        return reaching[...]
    }

    /// `quietBeyond` for a till just added: by bisection on the distance, which its mean falls with
    /// (infinite if it never falls that far within 10,000 km).
    private func quietDistanceSquared(of till: TillEndpoint) -> Double {
        let level = silentBelow - signal.noiseBound - signal.offsets[till.index] - till.offset
        var near = 0.0, far = 1e7
        guard signal.meanRSSI(till: till.index, distance: far) < level else { return .infinity }
        for _ in 0..<64 {
            let middle = (near + far) / 2
            if signal.meanRSSI(till: till.index, distance: middle) < level { far = middle } else { near = middle }
        }
        return far * far
    }

    func stopScan(_ phone: PhoneEndpoint, in medium: RadioMedium) {
        medium.listeners.leave(phone)
        endScan(phone)
    }

    /// A phone begins listening on the signal model: its platform's scan profile (phones
    /// without one, on the simple link layer, listen as Android's low-latency mode: all the
    /// time), from a random phase.
    private func beginScan(_ phone: PhoneEndpoint, in medium: RadioMedium) {
        let scan = phone.profile?.scan ?? .androidLowLatency
        phone.scanWindow = scan.window
        phone.scanInterval = scan.interval
        phone.reportLoss = scan.reportLoss
        phone.holdsReports = scan.reportHoldMedian != nil
        phone.reportHoldMedian = scan.reportHoldMedian ?? 0
        phone.reportHoldSpread = scan.reportHoldSpread
        phone.scanPhase = medium.nowSeconds - medium.generator.uniform(0...scan.interval)
        phone.listenStart = .infinity
        phone.listenEnd = -.infinity
        phone.heldCache.removeAll(capacity: Swift.min(medium.tills.count, medium.heldCacheCapacity), tills: medium.tills.count)
        phone.holdOffs.removeAll()
    }

    /// A scan that opens at the very instant an advertising event begins hears it: the event's
    /// packets are on the air after the scan opened, whichever of the two the timers ran first.
    /// An event's packets are all decided when it begins (`advertise`), so the events that
    /// began at this instant before the scan opened are heard here, by this phone alone, as they
    /// would have been had it been scanning (one that the timers ran after the scan opened is
    /// heard there). The tills in index order.
    private func hearEventsBegunNow(by phone: PhoneEndpoint, in medium: RadioMedium) {
        let start = medium.nowSeconds
        let tills = medium.tills
        var begun: [Int] = []
        // Every candidate: the test below asks for a start at this very instant.
        eventCalendar.forEachCandidate(around: start, within: .infinity) { index in
            let till = tills[index]
            if till.isAdvertiser, till.lastEventStart == start, !begun.contains(index) { begun.append(index) }
        }
        guard !begun.isEmpty else { return }
        let signal = self.signal
        let lastPacket = start + Double(parameters.advertisingChannels - 1) * packetSpacing
        for index in begun.sorted() {
            let till = tills[index]
            guard phone.scanning, phone.availability == .on, let payload = till.advertisingPayload,
                  till.availability == .on, medium.listeners.canHear(phone, till) else { continue }
            var overlapping: [Collider] = []
            swap(&overlapping, &colliders)
            let narrows = findColliders(of: till, at: start, in: medium, into: &overlapping)
            overlapping.withUnsafeBufferPointer { overlapping in
                hear(till, event: till.events, payload: payload, start: start, lastPacket: lastPacket, at: phone,
                     colliders: EventColliders(all: overlapping, narrows: narrows), signal: signal, in: medium)
            }
            swap(&overlapping, &colliders)
        }
    }

    private func endScan(_ phone: PhoneEndpoint) {
        phone.heldCache.release()
        phone.holdOffs.removeAll()
        phone.shadowingBasis = nil
    }

    // MARK: the advertisers (tills advertising: `TillEndpoint.isAdvertiser`) and their event starts,
    // kept in step with the calendar.

    /// The till joins the advertisers, its starts listed.
    private func joinAdvertisers(_ till: TillEndpoint) {
        guard !till.isAdvertiser else { return }
        till.isAdvertiser = true
        eventCalendar.list(till.index, .last, at: till.lastEventStart)
        eventCalendar.list(till.index, .next, at: till.nextEventStart)
    }

    /// The till leaves the advertisers, its starts unlisted.
    private func leaveAdvertisers(_ till: TillEndpoint) {
        guard till.isAdvertiser else { return }
        till.isAdvertiser = false
        eventCalendar.unlist(till.index, .last)
        eventCalendar.unlist(till.index, .next)
    }

    private func setLastEventStart(_ till: TillEndpoint, _ start: Double) {
        till.lastEventStart = start
        if till.isAdvertiser { eventCalendar.list(till.index, .last, at: start) }
    }

    /// A next start set to none (the event under way, or no more) stays listed where it was:
    /// `findColliders`' exact test turns it down, and the next one scheduled moves it.
    private func setNextEventStart(_ till: TillEndpoint, _ start: Double) {
        till.nextEventStart = start
        if till.isAdvertiser, start.isFinite { eventCalendar.list(till.index, .next, at: start) }
    }
}

/// What the held signal asks of a till first (`SignalAdvertising.heldStanding`): its index, position and offset.
struct TillSpot {
    let index: Int
    let position: Position
    let offset: Double

    @inline(__always)
    init(_ till: TillEndpoint) {
        index = till.index
        position = till.position
        offset = till.offset
    }
}

/// An advertising event's colliders, in order across the floor, and whether a phone hearing the event
/// may find some of them beyond its reach (`SignalAdvertising.survives` then looks only within it).
struct EventColliders {
    let all: UnsafeBufferPointer<Collider>
    let narrows: Bool
}

/// Another till's advertising event overlapping the one under way: the till (unretained: the medium
/// keeps every till for the run), its index, its event's number and where it stands across the floor.
package struct Collider {
    let till: Borrowed<TillEndpoint>
    let index: Int
    let event: Int
    let x: Double
}
