import MizanTime
import MizanProtocol
import MizanRuntime

/// Writes and notifications on a link, the medium's part for them: each
/// direction first in, first out, each frame retransmitted at every
/// connection event until a packet gets through; on the faithful link layer
/// in ATT's pieces (`FaithfulTransfers.swift`). A link's queues are the
/// link's (`Link`); this part holds what the radio allows in flight, and the
/// medium, passed in, gives the clock, the timers, the taps and the observers.
final class Transfers {
    /// Notifications a link may have in flight before the till's radio refuses more ("ready to update" follows).
    let notifyQueueCapacity: Int
    /// The till platform on the faithful link layer (how long its host takes to answer a write).
    let tillProfile: TillProfile?

    init(notifyQueueCapacity: Int, tillProfile: TillProfile?) {
        self.notifyQueueCapacity = notifyQueueCapacity
        self.tillProfile = tillProfile
    }

    /// When a packet sent on `link` from `start` gets through: the first
    /// connection event whose packet is not lost. `nil` when nothing gets
    /// through for a supervision timeout: the link is lost then.
    func deliveryTime(_ link: Link, from start: Duration, in medium: RadioMedium) -> Duration? {
        var time = start
        let per = medium.fresh.packetErrorRate(rssi: medium.linkRSSI(link))
        while true {
            time += link.interval
            if per == 0 || medium.generator.unitInterval() >= per { return time }
            if time - start >= link.supervisionTimeout { return nil }
        }
    }

    /// When a frame queued behind `last` on `link` arrives, moving `last` to it;
    /// `nil` when nothing gets through, and then the link is lost a supervision
    /// timeout after the frame's turn came.
    func nextArrival(on link: Link, after last: inout Duration, in medium: RadioMedium) -> Duration? {
        let start = Swift.max(medium.now, last)
        guard let arrival = deliveryTime(link, from: start, in: medium) else {
            last = start + link.supervisionTimeout
            medium.clock.schedule(at: VirtualInstant(sinceStart: last)) { [unowned medium] in medium.connections.lose(link, .supervisionTimeout, in: medium) }
            return nil
        }
        last = arrival
        return arrival
    }

    /// A frame leaving on `link`: the fault injector has its say (it may spoil
    /// or hold it), the trace records it; `nil` when nothing is to be sent.
    func leaving(_ link: Link, _ sent: [UInt8], toTill: Bool, in medium: RadioMedium) -> (type: FrameType?, bytes: [UInt8])? {
        let type = FrameType(peeking: sent)
        let fate = medium.taps?.leaving(link, sent, type, toTill) ?? .send(sent)
        medium.observe?(.sent(phone: link.phone.index, till: link.till.index, toTill: toTill, type, bytes: fate.bytes.count))
        guard case let .send(bytes) = fate else { return nil }
        return (type, bytes)
    }

    /// How a notification starts, on either link layer.
    enum NotificationStart {
        /// No link to that phone (or the till's Bluetooth is off), or the fault injector held it: nothing goes.
        case nowhere
        /// The notify queue is full: "ready to update" follows when there is room.
        case refused
        case send(Link, FrameType?, [UInt8])
    }

    func startNotification(_ till: TillEndpoint, _ central: CentralID, _ sent: [UInt8], in medium: RadioMedium) -> NotificationStart {
        guard till.availability == .on, let link = till.link(to: central) else { return .nowhere }
        guard link.notifiesInFlight < notifyQueueCapacity else {
            till.notifyRefused = true
            return .refused
        }
        guard let (type, bytes) = leaving(link, sent, toTill: false, in: medium) else { return .nowhere }
        return .send(link, type, bytes)
    }

    /// A notification in flight until `arrival`: then the phone has it, the
    /// till hears it delivered, and a till once refused hears "ready to update".
    func deliverNotification(on link: Link, _ type: FrameType?, _ bytes: [UInt8], at arrival: Duration, in medium: RadioMedium) {
        link.notifiesInFlight += 1
        medium.frameTimers.schedule(.notificationArrives(link, type, bytes), at: VirtualInstant(sinceStart: arrival))
    }

    /// A notification arrives: the phone has it, the till hears it delivered,
    /// and a till once refused hears "ready to update".
    func notificationArrives(on link: Link, _ type: FrameType?, _ bytes: [UInt8], in medium: RadioMedium) {
        // Each read of a link's unowned phone or till is checked (an atomic retain and release): one each.
        let till = link.till, phone = link.phone
        let central = phone.central
        link.notifiesInFlight -= 1
        guard link.open else { return }
        medium.observe?(.delivered(phone: phone.index, till: till.index, toTill: false, type))
        phone.deliver(.notified(bytes))
        if link.open { till.deliver(.delivered(central)) }
        if till.notifyRefused {
            till.notifyRefused = false
            till.deliver(.readyToUpdate)
        }
    }

    func write(_ phone: PhoneEndpoint, _ sent: [UInt8], in medium: RadioMedium) {
        guard let link = phone.link, link.open else { return }
        guard let (type, bytes) = leaving(link, sent, toTill: true, in: medium) else { return }
        guard let arrival = nextArrival(on: link, after: &link.lastUp, in: medium) else { return }
        if let air = medium.air { air.write(phone: link.phone.index, till: link.till.index, bytes: bytes, exchanges: [(arrival, arrival)], mtu: 0) }
        medium.frameTimers.schedule(.writeArrives(link, type, bytes), at: VirtualInstant(sinceStart: arrival))
    }

    /// A write arrives on a simple link: the till has it, the phone its acknowledgement.
    func writeArrives(on link: Link, _ type: FrameType?, _ bytes: [UInt8], in medium: RadioMedium) {
        guard link.open else { return }
        let phone = link.phone, till = link.till // read once each (`notificationArrives`)
        medium.observe?(.delivered(phone: phone.index, till: till.index, toTill: true, type))
        till.deliver(.wrote(phone.central, bytes))
        if link.open { phone.deliver(.writeAcknowledged) }
        // The till has the frame and the phone its acknowledgement: a fault
        // "after" this step sees both sides past it.
        medium.taps?.arrived(link, type, true)
    }

    /// A notification from `till` to `central`: false when the queue is full
    /// ("ready to update" follows); otherwise `send` carries it on the link
    /// layer in use.
    func notify(_ till: TillEndpoint, _ central: CentralID, _ sent: [UInt8], in medium: RadioMedium, by send: (Link, FrameType?, [UInt8]) -> Void) -> Bool {
        switch startNotification(till, central, sent, in: medium) {
        case .nowhere: return true
        case .refused: return false
        case let .send(link, type, bytes):
            send(link, type, bytes)
            return true
        }
    }

    /// A notification on a simple link: it arrives at the first connection
    /// event whose packet gets through.
    func sendNotification(on link: Link, _ type: FrameType?, _ bytes: [UInt8], in medium: RadioMedium) {
        guard let arrival = nextArrival(on: link, after: &link.lastDown, in: medium) else { return }
        if let air = medium.air { air.notification(phone: link.phone.index, till: link.till.index, bytes: bytes, arrivals: [arrival], mtu: 0) }
        deliverNotification(on: link, type, bytes, at: arrival, in: medium)
    }
}
