import MizanTime
import MizanProtocol
import MizanRuntime

/// Links made and ended, the medium's part for them: connecting,
/// disconnecting, a service retired, a link lost; on the faithful link layer
/// (`FaithfulConnections.swift`) connection requests answering advertising
/// and the GATT set-up, and connection events (`ConnectionEvents.swift`).
/// It holds what links need of their own, the link layer's till platform and
/// the per-packet spread table for idle links; a link's state is the link's
/// (`Link`), and the medium, passed in, gives the devices, the signal, the
/// clock and the observers.
final class Connections {
    /// Whether links are the faithful link layer's (`Link/`), else the simple one's (fixed latencies).
    let faithful: Bool
    /// The till platform on the faithful link layer.
    let tillProfile: TillProfile?
    /// The per-packet spread as a table, for the loss of idle links (built when first asked).
    private(set) lazy var packetSpread = PacketSpread(fresh)
    private let fresh: SignalModel.Fresh

    init(linkLayer: LinkLayer, fresh: SignalModel.Fresh) {
        self.fresh = fresh
        if case let .faithful(profiles) = linkLayer {
            faithful = true
            tillProfile = profiles.till
        } else {
            faithful = false
            tillProfile = nil
        }
    }

    // MARK: the simple link layer, and what both share

    func connect(_ phone: PhoneEndpoint, to tillID: TillID, in medium: RadioMedium) {
        guard let index = medium.tillIndexByID[tillID] else {
            medium.clock.schedule(after: medium.parameters.connectLatency) { [unowned medium, unowned phone] in
                medium.observe?(.connectFailed(phone: phone.index, till: nil))
                phone.deliver(.failedToConnect)
            }
            return
        }
        let till = medium.tills[index]
        phone.connecting = true
        medium.frameTimers.schedule(.connect(phone, till), after: medium.parameters.connectLatency)
    }

    /// A connect request's latency has passed: the phone is linked to the till, or told it failed.
    func connectCompletes(_ phone: PhoneEndpoint, _ till: TillEndpoint, in medium: RadioMedium) {
        guard phone.connecting else { return } // the phone gave up meanwhile
        phone.connecting = false
        let reachable = phone.availability == .on && till.availability == .on && till.serviceUp
            && phone.link == nil && medium.listeners.canHear(phone, till)
            && medium.generator.unitInterval() >= medium.fresh.packetErrorRate(rssi: medium.fresh.meanRSSI(distance: medium.distance(phone, till)) + medium.fixedOffset(phone, till))
        guard reachable else {
            medium.observe?(.connectFailed(phone: phone.index, till: till.index))
            phone.deliver(.failedToConnect)
            return
        }
        let link = Link(phone: phone, till: till, interval: medium.parameters.connectionInterval, supervisionTimeout: medium.parameters.supervisionTimeout)
        if let air = medium.air {
            air.connectRequest(phone: phone.index, till: till.index, event: medium.advertising.lastEvent, channel: 0, at: medium.now,
                               interval: medium.parameters.connectionInterval, timeout: medium.parameters.supervisionTimeout, taken: true)
            // The simple link layer has no GATT set-up and no MTU: a capture shows its links as
            // having agreed the largest ATT MTU (517, Core Spec Vol 3 Part F 3.2.9), which every frame fits.
            air.setUp(phone: phone.index, till: till.index, exchange: .mtu, request: medium.now, response: medium.now, phoneMTU: 517, tillMTU: 517)
        }
        link.lastUp = medium.now
        link.lastDown = medium.now
        phone.link = link
        till.links.append(link)
        medium.observe?(.connected(phone: phone.index, till: till.index))
        till.deliver(.subscribed(phone.central))
        phone.deliver(.connected)
    }

    func disconnect(_ phone: PhoneEndpoint, in medium: RadioMedium) {
        phone.connecting = false
        guard let link = phone.link else { return }
        phone.link = nil
        // Pending writes go first; then the till sees the phone unsubscribe.
        let at = Swift.max(medium.now, link.lastUp) + medium.parameters.serviceRetirementLatency
        medium.frameTimers.schedule(.unsubscribe(link), at: VirtualInstant(sinceStart: at))
    }

    /// A disconnected phone's pending writes have gone: the till sees it unsubscribe.
    func unsubscribe(_ link: Link, in medium: RadioMedium) {
        guard link.open else { return }
        close(link, in: medium)
        medium.observe?(.unsubscribed(phone: link.phone.index, till: link.till.index))
        link.till.deliver(.unsubscribed(link.phone.central))
    }

    func retireService(_ till: TillEndpoint, in medium: RadioMedium) {
        medium.stopAdvertising(till)
        // What is queued goes first; then the service goes, and each phone sees it go.
        let links = till.links
        let drained = links.reduce(medium.now) { Swift.max($0, $1.lastDown) }
        medium.clock.schedule(at: VirtualInstant(sinceStart: drained)) { [unowned self, unowned medium, unowned till] in
            // Advertising again by now: a new service is up, but the old links still end.
            if till.advertisingPayload == nil {
                till.serviceUp = false
                medium.observe?(.serviceRetired(till: till.index))
            }
            for link in links where link.open {
                close(link, in: medium)
                // The till is told too: a link its retired service took down may be the one a
                // transaction begun since then took a phone's key over (a key that was still in
                // flight), and that transaction must see its payer go. Otherwise it is ignored.
                if link.subscribed { till.deliver(.disconnected(link.phone.central)) }
                medium.clock.schedule(after: medium.parameters.serviceRetirementLatency) { [unowned self, unowned medium] in
                    if link.phone.link === link || link.phone.link == nil {
                        medium.observe?(.linkLost(phone: link.phone.index, till: link.till.index, .serviceRetired))
                        tellPhoneGone(link, .serviceInvalidated)
                    }
                }
            }
        }
    }

    /// Ends a link on both sides' books without telling anyone.
    func close(_ link: Link, in medium: RadioMedium) {
        link.open = false
        if let timer = link.idleLossTimer { medium.clock.cancel(timer) }
        link.idleLossTimer = nil
        link.till.links.removeAll { $0 === link }
        if link.phone.link === link { link.phone.link = nil }
    }

    /// The link is lost: both sides are told (a dropped link, whatever the cause).
    func lose(_ link: Link, _ reason: LinkLossReason, in medium: RadioMedium) {
        guard link.open else { return }
        close(link, in: medium)
        medium.observe?(.linkLost(phone: link.phone.index, till: link.till.index, reason))
        tellPhoneGone(link, .disconnected)
        if link.subscribed { link.till.deliver(.disconnected(link.phone.central)) }
    }

    /// Tells the phone its link has gone (`event`), or, if it was still being
    /// set up, that its connect failed, unless the phone has moved on since.
    func tellPhoneGone(_ link: Link, _ event: CentralRadioEvent) {
        if link.phoneConnected {
            link.phone.deliver(event)
        } else if link.phone.link == nil, !link.phone.connecting {
            link.phone.deliver(.failedToConnect)
        }
    }
}
