import MizanProtocol
import MizanRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Advertising and scanning on the signal model (`docs/signal-model.md`):
/// each advertising event three packets, on 37, 38 and 39 `packetSpacing`
/// apart; each phone listens on one channel at a time by its platform's scan
/// profile; a packet's RSSI is what the phone holds from the till (path loss,
/// offsets, shadowing, fades: `FloorSignal`) plus per-packet noise; a packet
/// overlapping another on its channel at the phone (another till's, or a
/// bystander's) survives only if it leads by the capture threshold.
///
/// Cost: per event, one pass over the tills advertising (collisions: two
/// tills' events overlap on every channel or on none, since every event's
/// packets are `packetSpacing` apart) and one over the scanning phones; a
/// phone's held signal from a till is computed once per stand and scan.
/// Everything an event's three packets do is done when its first is sent,
/// and the reports are delivered then (at most 2 x `packetSpacing` early).
extension RadioMedium {
    /// Seconds since the run began.
    var nowSeconds: Double { Double(now.components.seconds) + Double(now.components.attoseconds) * 1e-18 }

    /// One advertising event on the signal model.
    func advertiseSignal(_ till: TillEndpoint, payload: [UInt8]) {
        guard let signal else { return }
        till.events &+= 1
        let event = till.events
        let start = nowSeconds
        till.lastEventStart = start
        packetsSent &+= parameters.advertisingChannels
        // Tills whose events overlap this one (their last, or their next already scheduled).
        var colliders: [(till: TillEndpoint, event: Int)] = []
        for other in advertisers where other !== till {
            if abs(other.lastEventStart - start) < airtime {
                colliders.append((other, other.events))
            } else if abs(other.nextEventStart - start) < airtime {
                colliders.append((other, other.events &+ 1))
            }
        }
        let channels = parameters.advertisingChannels
        let lastPacket = start + Double(channels - 1) * packetSpacing
        // The phones scanning as the event begins: this copy of the list keeps each alive for the whole
        // event (one that decides stops scanning, and leaves the list, mid-event), so each is used
        // borrowed, without a retain and a release per phone and event.
        let listeners = scanners
        listeners.withUnsafeBufferPointer { listeners in
            for index in listeners.indices {
                Unmanaged.passUnretained(listeners[index])._withUnsafeGuaranteedRef { phone in
                    guard phone.scanning, phone.availability == .on, canHear(phone, till) else { return }
                    hear(till, event: event, payload: payload, start: start, lastPacket: lastPacket, at: phone, colliders: colliders, signal: signal)
                }
            }
        }
        // Phones waiting to connect answer one of the event's packets (faithful link layer).
        for _ in 0..<parameters.advertisingChannels where !till.connectors.isEmpty {
            answerAdvertisement(of: till)
        }
    }

    /// The till's advertising event at one phone scanning: the packet on the channel it listens to, if any.
    @inline(__always)
    private func hear(_ till: TillEndpoint, event: Int, payload: [UInt8], start: Double, lastPacket: Double, at phone: PhoneEndpoint,
                      colliders: [(till: TillEndpoint, event: Int)], signal: FloorSignal) {
        let channels = parameters.advertisingChannels
        // Within one scan interval (nearly always) only the packet on that interval's channel can be
        // heard: the others are not asked about (the answer is the same as asking for each).
        let interval = scanInterval(phone, at: start)
        if interval == scanInterval(phone, at: lastPacket) {
            let channel = channel(ofInterval: interval)
            guard channel < channels else { return }
            let time = start + Double(channel) * packetSpacing
            // `time`'s interval is `interval` too (the index never decreases in time): only its window is left to ask.
            guard (time - phone.scanPhase) - interval * phone.scanInterval < phone.scanWindow else { return }
            receive(till, event: event, payload: payload, at: phone, channel: channel, time: time, colliders: colliders, signal: signal)
        } else {
            for channel in 0..<channels {
                let time = start + Double(channel) * packetSpacing
                guard listeningChannel(phone, at: time) == channel else { continue }
                receive(till, event: event, payload: payload, at: phone, channel: channel, time: time, colliders: colliders, signal: signal)
            }
        }
    }

    /// One packet of the till's advertising event on `channel` at a phone
    /// listening there: heard if it clears the sensitivity, survives what
    /// overlaps it and the phone reports it.
    @inline(__always)
    private func receive(_ till: TillEndpoint, event: Int, payload: [UInt8], at phone: PhoneEndpoint, channel: Int, time: Double,
                         colliders: [(till: TillEndpoint, event: Int)], signal: FloorSignal) {
        let heldSignal = held(phone, till, signal: signal)
        let rssi = heldSignal.channel(channel) + signal.noise(pair: heldSignal.noiseKey, event: event, channel: channel)
        guard rssi >= parameters.sensitivity,
              survives(rssi, at: phone, channel: channel, colliders: colliders, signal: signal),
              report(till, at: time, to: phone) else { return }
        packetsHeard &+= 1
        phone.deliver(.discovered(payload, rssi: PathLossModel.reported(rssi)))
    }

    /// The channel (0, 1, 2) the phone listens on at `time`, or nil between windows.
    func listeningChannel(_ phone: PhoneEndpoint, at time: Double) -> Int? {
        let since = time - phone.scanPhase
        let index = Self.wholeBelow(since / phone.scanInterval)
        guard since - index * phone.scanInterval < phone.scanWindow else { return nil }
        return channel(ofInterval: index)
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
    func channel(ofInterval index: Double) -> Int {
        Int(index - 3 * Self.wholeBelow(index / 3))
    }

    /// Whether a packet arriving `rssi` dBm strong on `channel` at the phone
    /// survives what overlaps it there: the other tills' packets of the
    /// events in `colliders`, and bystanders' (a Poisson process per
    /// receiver and channel: the number starting within an air time either
    /// side is Poisson with mean 2 x rate x air time).
    func survives(_ rssi: Double, at phone: PhoneEndpoint, channel: Int, colliders: [(till: TillEndpoint, event: Int)], signal: FloorSignal) -> Bool {
        let capture = parameters.captureThreshold, noiseBound = signal.noiseBound
        for (other, event) in colliders where canHear(phone, other) {
            let heldSignal = held(phone, other, signal: signal)
            let interferer = heldSignal.channel(channel)
            // So far below that no noise it can draw makes it matter, or so far above that none saves the
            // packet: its noise is not drawn (a hash, so no other draw moves; rounding keeps the order).
            if rssi - (interferer + noiseBound) >= capture { continue }
            if rssi - (interferer - noiseBound) < capture { return false }
            if rssi - (interferer + signal.noise(pair: heldSignal.noiseKey, event: event, channel: channel)) < capture { return false }
        }
        let rate = parameters.bystanderEventsPerSecond
        if rate > 0 {
            var count = poisson(mean: 2 * rate * airtime)
            while count > 0 {
                count -= 1
                let interferer = generator.normal(mean: parameters.bystanderRSSI, sd: parameters.bystanderSpread)
                if rssi - interferer < parameters.captureThreshold { return false }
            }
        }
        return true
    }

    /// A Poisson count with a small mean (inversion).
    func poisson(mean: Double) -> Int {
        let u = generator.unitInterval()
        var p = exp(-mean), cumulative = p, k = 0
        while u >= cumulative, k < 1_000 {
            k += 1
            p *= mean / Double(k)
            cumulative += p
        }
        return k
    }

    /// Whether the phone reports a packet it decoded: its profile's report
    /// loss, and (iOS) no second report of a till within its hold-off.
    func report(_ till: TillEndpoint, at time: Double, to phone: PhoneEndpoint) -> Bool {
        if phone.reportLoss > 0, generator.unitInterval() < phone.reportLoss { return false }
        guard let median = phone.reportHoldMedian else { return true }
        if phone.reportHeldUntil.count <= till.index {
            phone.reportHeldUntil.append(contentsOf: repeatElement(-Double.infinity, count: tills.count - phone.reportHeldUntil.count))
        }
        guard time >= phone.reportHeldUntil[till.index] else { return false }
        phone.reportHeldUntil[till.index] = time + median * exp(phone.reportHoldSpread * generator.normal())
        return true
    }

    /// What the phone receives from the till before per-packet noise: held
    /// while it stands (cached for the scan), computed afresh while it walks
    /// (its fades drawn anew every `fadingLength` walked).
    func held(_ phone: PhoneEndpoint, _ till: TillEndpoint) -> HeldSignal {
        if let kept = keptHeld(phone, till) { return kept }
        guard let signal else {
            let mean = model.meanRSSI(distance: distance(phone, till)) + fixedOffset(phone, till)
            return HeldSignal(link: mean, channels: (mean, mean, mean), noiseKey: 0)
        }
        return computeHeld(phone, till, signal: signal)
    }

    /// `held` for the per-packet path, which has the signal model at hand
    /// (binding `self.signal` copies it, retaining each of its arrays).
    @inline(__always)
    func held(_ phone: PhoneEndpoint, _ till: TillEndpoint, signal: FloorSignal) -> HeldSignal {
        if let kept = keptHeld(phone, till) { return kept }
        return computeHeld(phone, till, signal: signal)
    }

    /// The held signal already computed for this stand, if any: most calls find it (the signal model fills both).
    @inline(__always)
    private func keptHeld(_ phone: PhoneEndpoint, _ till: TillEndpoint) -> HeldSignal? {
        guard phone.isStill || now <= phone.motionStart else { return nil }
        if till.index < phone.held.count, let cached = phone.held[till.index] { return cached }
        // Its link's till (connection events ask again and again): the last one asked, kept while it stands.
        if let last = phone.lastHeld, last.till == till.index, last.stand == phone.stands { return last.value }
        return nil
    }

    @inline(never)
    private func computeHeld(_ phone: PhoneEndpoint, _ till: TillEndpoint, signal: FloorSignal) -> HeldSignal {
        let standing = phone.isStill || now <= phone.motionStart
        let here = position(of: phone)
        let fixed = till.offset + phone.offset - phone.bodyLoss
        if standing {
            // The shadowing features of its spot: once per stand, for every till.
            let basis: SharedSpectrumShadowing.Basis
            if let kept = phone.shadowingBasis, kept.stand == phone.stands {
                basis = kept.basis
            } else {
                basis = signal.shadowingBasis(at: here)
                phone.shadowingBasis = (phone.stands, basis)
            }
            let value = signal.held(till: till.index, tillPosition: till.position, phone: phone.index, at: here, basis: basis,
                                    stand: phone.stands << 24, fixedOffset: fixed)
            phone.lastHeld = (till.index, phone.stands, value)
            if phone.scanning {
                if phone.held.count <= till.index { phone.held.append(contentsOf: repeatElement(HeldSignal?.none, count: tills.count - phone.held.count)) }
                phone.held[till.index] = value
            }
            return value
        }
        let walked = here.distance(to: phone.motion.origin)
        let step = UInt64(Swift.min(walked / Swift.max(parameters.fadingLength, 1e-3), 1e6))
        return signal.held(till: till.index, tillPosition: till.position, phone: phone.index, at: here,
                           basis: signal.shadowingBasis(at: here), stand: phone.stands << 24 | (step + 1), fixedOffset: fixed)
    }

    /// A phone starts scanning on the signal model: its platform's scan
    /// profile (phones without one, on the simple link layer, listen as
    /// Android's low-latency mode: all the time), from a random phase.
    func beginSignalScan(_ phone: PhoneEndpoint) {
        let scan = phone.profile?.scan ?? .androidLowLatency
        phone.scanWindow = scan.window
        phone.scanInterval = scan.interval
        phone.reportLoss = scan.reportLoss
        phone.reportHoldMedian = scan.reportHoldMedian
        phone.reportHoldSpread = scan.reportHoldSpread
        phone.scanPhase = nowSeconds - generator.uniform(0...scan.interval)
        phone.reportHeldUntil.removeAll(keepingCapacity: true)
    }

    func endSignalScan(_ phone: PhoneEndpoint) {
        phone.held = []
        phone.reportHeldUntil = []
        phone.shadowingBasis = nil
    }
}
