import MizanTime
import MizanProtocol
import MizanRuntime

/// Writes and notifications on a faithful link: data larger than the ATT
/// MTU allows (MTU - 3 bytes) goes in pieces, each costing its connection
/// events; a write with response is a request and a response (a long write:
/// a prepare request and response per piece, then execute).
extension Transfers {
    /// How many notifications `bytes` take on `link`: MTU - 3 bytes of value each.
    func pieces(_ bytes: Int, on link: Link) -> Int {
        let room = Swift.max(link.mtu - 3, 1)
        return Swift.max(1, (bytes + room - 1) / room)
    }

    /// How many ATT requests a write of `bytes` takes on `link`: one Write Request when it fits
    /// in MTU - 3 bytes, else a Prepare Write per MTU - 5 bytes (its handle and offset take two
    /// more) and the Execute (Core Spec Vol 3 Part F 3.4.6).
    func writeExchanges(_ bytes: Int, on link: Link) -> Int {
        guard bytes > Swift.max(link.mtu - 3, 1) else { return 1 }
        let room = Swift.max(link.mtu - 5, 1)
        return (bytes + room - 1) / room + 1
    }

    func writeFaithful(_ phone: PhoneEndpoint, _ sent: [UInt8], in medium: RadioMedium) {
        guard let link = phone.link, link.open else { return }
        guard let (type, bytes) = leaving(link, sent, toTill: true, in: medium) else { return }
        let exchanges = writeExchanges(bytes.count, on: link)
        var ready = Swift.max(medium.now, link.lastUp)
        var requestArrives = ready
        // What got through, for a capture (`AirObserver`): told on every way out.
        var through: [(request: Duration, response: Duration)] = []
        defer { if let air = medium.air { air.write(phone: link.phone.index, till: link.till.index, bytes: bytes, exchanges: through, mtu: link.mtu) } }
        for _ in 0..<exchanges {
            guard let arrival = medium.connections.transmit(on: link, from: ready, toTill: true, in: medium) else {
                link.lastUp = ready + link.supervisionTimeout
                return medium.connections.loseBySupervision(link, from: ready, in: medium)
            }
            requestArrives = arrival
            // The response queues behind what the till already sends the phone (one queue each way).
            let answered = Swift.max(arrival + (tillProfile?.responseTime.sample(&medium.generator) ?? .zero), link.lastDown)
            guard let response = medium.connections.transmit(on: link, from: answered, toTill: false, in: medium) else {
                link.lastUp = answered + link.supervisionTimeout
                link.lastDown = link.lastUp
                return medium.connections.loseBySupervision(link, from: answered, in: medium)
            }
            if medium.air != nil { through.append((arrival, response)) }
            link.lastDown = response
            ready = response
        }
        link.lastUp = ready
        medium.connections.armIdleLoss(link, from: Swift.max(link.lastUp, link.lastDown), in: medium)
        medium.frameTimers.schedule(.faithfulWriteArrives(link, type, bytes), at: VirtualInstant(sinceStart: requestArrives))
        medium.frameTimers.schedule(.faithfulWriteAcknowledged(link, type), at: VirtualInstant(sinceStart: ready))
    }

    /// A write's (last) request reaches the till on a faithful link.
    func faithfulWriteArrives(on link: Link, _ type: FrameType?, _ bytes: [UInt8], in medium: RadioMedium) {
        guard link.open else { return }
        medium.observe?(.delivered(phone: link.phone.index, till: link.till.index, toTill: true, type))
        link.till.deliver(.wrote(link.phone.central, bytes))
    }

    /// The till's response to a write reaches the phone on a faithful link.
    func faithfulWriteAcknowledged(on link: Link, _ type: FrameType?, in medium: RadioMedium) {
        guard link.open else { return }
        link.phone.deliver(.writeAcknowledged)
        medium.taps?.arrived(link, type, true)
    }

    /// A notification on a faithful link: each piece costs its connection events.
    func sendNotificationFaithful(on link: Link, _ type: FrameType?, _ bytes: [UInt8], in medium: RadioMedium) {
        var arrival = Swift.max(medium.now, link.lastDown)
        var through: [Duration] = []
        defer { if let air = medium.air { air.notification(phone: link.phone.index, till: link.till.index, bytes: bytes, arrivals: through, mtu: link.mtu) } }
        for _ in 0..<pieces(bytes.count, on: link) {
            let start = arrival
            guard let next = medium.connections.transmit(on: link, from: start, toTill: false, in: medium) else {
                link.lastDown = start + link.supervisionTimeout
                return medium.connections.loseBySupervision(link, from: start, in: medium)
            }
            if medium.air != nil { through.append(next) }
            arrival = next
        }
        link.lastDown = arrival
        medium.connections.armIdleLoss(link, from: Swift.max(link.lastUp, link.lastDown), in: medium)
        deliverNotification(on: link, type, bytes, at: arrival, in: medium)
    }
}
