import MizanProtocol
import MizanRuntime

/// Writes and notifications on a link: each direction first in, first out,
/// each frame retransmitted at every connection event until a packet gets through.
extension RadioMedium {
    // MARK: transfers

    /// When a packet sent on `link` from `start` gets through: the first
    /// connection event whose packet is not lost. `nil` when nothing gets
    /// through for a supervision timeout: the link is lost then.
    func deliveryTime(_ link: Link, from start: Duration) -> Duration? {
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
    func nextArrival(on link: Link, after last: inout Duration) -> Duration? {
        let start = Swift.max(now, last)
        guard let arrival = deliveryTime(link, from: start) else {
            last = start + parameters.supervisionTimeout
            clock.schedule(at: VirtualInstant(sinceStart: last)) { [unowned self] in lose(link, .supervisionTimeout) }
            return nil
        }
        last = arrival
        return arrival
    }

    func write(_ phone: PhoneEndpoint, _ sent: [UInt8]) {
        guard let link = phone.link, link.open else { return }
        let type = FrameType(peeking: sent)
        let fate = taps?.leaving(link, sent, type, true) ?? .send(sent)
        observe(.sent(phone: phone.index, till: link.till.index, toTill: true, type, bytes: fate.bytes.count))
        guard case let .send(bytes) = fate else { return }
        guard let arrival = nextArrival(on: link, after: &link.lastUp) else { return }
        clock.schedule(at: VirtualInstant(sinceStart: arrival)) { [unowned self] in
            guard link.open else { return }
            observe(.delivered(phone: link.phone.index, till: link.till.index, toTill: true, type))
            link.till.deliver(.wrote(link.phone.central, bytes))
            if link.open { link.phone.deliver(.writeAcknowledged) }
            // The till has the frame and the phone its acknowledgement: a fault
            // "after" this step sees both sides past it.
            taps?.arrived(link, type, true)
        }
    }

    func notify(_ till: TillEndpoint, _ central: CentralID, _ sent: [UInt8]) -> Bool {
        guard till.availability == .on, let link = till.link(to: central) else { return true }
        guard link.notifiesInFlight < parameters.notifyQueueCapacity else {
            till.notifyRefused = true
            return false
        }
        let type = FrameType(peeking: sent)
        let fate = taps?.leaving(link, sent, type, false) ?? .send(sent)
        observe(.sent(phone: link.phone.index, till: till.index, toTill: false, type, bytes: fate.bytes.count))
        guard case let .send(bytes) = fate else { return true }
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
}
