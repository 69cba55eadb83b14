import MizanGeometry
import MizanTime
import MizanProtocol

/// The first radio's advertising (`"advertising": "simple"`): each
/// advertising event a packet per channel at once, heard by every scanning
/// phone whose packet, drawn afresh around the link's mean, clears the
/// sensitivity; with collisions on, a packet starting within an air time of
/// the last on its channel is lost to every phone. A link's mean is the path
/// loss, the devices' offsets, the body's loss, the walls between them and
/// the link's own shadowing, drawn once per (till, phone) from its own stream.
final class SimpleAdvertising: Advertising {
    let parameters: RadioParameters
    /// Advertising events so far: numbers each event and stamps each phone's per-event mean RSSI.
    @exclusivity(unchecked) private var events = 0
    /// Last packet start per advertising channel, for collisions.
    private var lastPacketOnChannel: [Duration]
    private let shadowingSeed: SeededGenerator
    /// The floor's walls: a path through them loses their loss.
    private let walls: Walls

    init(parameters: RadioParameters, walls: Walls, shadowingSeed: SeededGenerator) {
        self.parameters = parameters
        self.walls = walls
        self.shadowingSeed = shadowingSeed
        lastPacketOnChannel = Array(repeating: .seconds(-1), count: parameters.advertisingChannels)
    }

    var room: SignalModel? { nil }
    var lastEvent: Int { events }

    func addTill(_ till: TillEndpoint) {}

    func forget(phone: PhoneEndpoint) {
        phone.linkShadowing = [:]
    }

    func startAdvertising(_ till: TillEndpoint) {}
    func stopAdvertising(_ till: TillEndpoint) {}
    func scheduled(_ till: TillEndpoint, at start: Double) {}

    func advertise(_ till: TillEndpoint, payload: [UInt8], in medium: RadioMedium) {
        events &+= 1
        let time = medium.now, event = events
        let air = medium.air, fresh = medium.fresh
        if let air {
            air.advertisingEvent(till: till.index, event: event, start: time, spacing: .zero,
                                 channels: parameters.advertisingChannels, payload: payload)
        }
        for channel in 0..<parameters.advertisingChannels {
            medium.packetsSent += 1
            if parameters.collisions {
                let collided = time - lastPacketOnChannel[channel] < parameters.packetAirtime
                lastPacketOnChannel[channel] = time
                if collided {
                    if let air { air.collided(till: till.index, event: event, channel: channel) }
                    continue
                }
            }
            medium.listeners.forEach(hearing: till) { phone in
                // The link's mean is the same on every channel of the event:
                // computed once per event and phone (no draw depends on it).
                if phone.eventStamp != event {
                    phone.eventStamp = event
                    phone.eventMean = eventMean(phone, till, fresh: fresh, in: medium)
                }
                let rssi = fresh.packetRSSI(mean: phone.eventMean, generator: &medium.generator)
                guard rssi >= parameters.sensitivity else {
                    if let air { air.lost(till: till.index, event: event, channel: channel, phone: phone.index, why: .belowSensitivity) }
                    return
                }
                medium.packetsHeard += 1
                if let air { air.heard(till: till.index, event: event, channel: channel, phone: phone.index, rssi: SignalModel.reported(rssi)) }
                phone.reportAdvertisement(payload, rssi: SignalModel.reported(rssi))
                // A phone that decided stops scanning at once; the next channel reads the scanners afresh.
            }
            // Phones waiting to connect answer this packet (faithful link layer).
            if !till.connectors.isEmpty { medium.connections.answerAdvertisement(of: till, event: event, channel: channel, in: medium) }
        }
    }

    func startScan(_ phone: PhoneEndpoint, in medium: RadioMedium) {
        medium.listeners.join(phone)
    }

    func stopScan(_ phone: PhoneEndpoint, in medium: RadioMedium) {
        medium.listeners.leave(phone)
    }

    /// The link's mean RSSI this event, or minus infinity when no packet drawn around it could reach
    /// the sensitivity (`Fresh.largestGain`; 1e-9 dB below, for the sums' rounding in another order):
    /// the walls between are then counted only until they make it so. Every packet is drawn either
    /// way, so the generator moves on as it would. (Not with `keepsSilentTills` off: tests compare.)
    private func eventMean(_ phone: PhoneEndpoint, _ till: TillEndpoint, fresh: SignalModel.Fresh, in medium: RadioMedium) -> Double {
        let mean = fresh.meanRSSI(distance: medium.distance(phone, till))
        let needed = medium.keepsSilentTills ? parameters.sensitivity - 1e-9 - fresh.largestGain - mean : -.infinity
        guard let offset = fixedOffset(phone, till, in: medium, unlessUnder: needed) else {
            medium.linkMeansCut &+= 1
            return -.infinity
        }
        return mean + offset
    }

    func fixedOffset(_ phone: PhoneEndpoint, _ till: TillEndpoint, in medium: RadioMedium) -> Double {
        fixedOffset(phone, till, in: medium, unlessUnder: -.infinity)!
    }

    /// `fixedOffset`, or nil once the walls surely bring it under `needed`.
    private func fixedOffset(_ phone: PhoneEndpoint, _ till: TillEndpoint, in medium: RadioMedium, unlessUnder needed: Double) -> Double? {
        var offset = till.offset + phone.offset - phone.bodyLoss
        var drawn = 0.0
        if parameters.linkShadowingSigma > 0 {
            if let kept = phone.linkShadowing[till.index] {
                drawn = kept
            } else {
                var stream = shadowingSeed.split(LinkKey(till: till.index, phone: phone.index).stream)
                drawn = stream.normal(mean: 0, sd: parameters.linkShadowingSigma)
                phone.linkShadowing[till.index] = drawn
            }
        }
        if !walls.isEmpty {
            guard let loss = walls.loss(from: medium.position(of: phone), to: till.position,
                                        unlessOver: offset + drawn + walls.mostGained - needed) else { return nil }
            offset -= loss
        }
        if parameters.linkShadowingSigma > 0 { offset += drawn }
        return offset
    }
}
