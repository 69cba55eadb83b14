import MizanTime
import MizanProtocol
import MizanRuntime

/// Connections as BLE makes them (Core Spec Vol 6 Part B 4.4.2, 4.5): the
/// phone answers a connectable advertising packet it has just heard with a
/// connection request; the first connection event comes 1.25 ms plus a
/// transmit-window offset later; GATT set-up follows before the first write.
extension Connections {
    /// The phone asks to connect: it waits for the till's next advertising
    /// packet it hears. A till that is not advertising is never connected to,
    /// and the request stays pending until the phone cancels it (Core
    /// Bluetooth's `connect` has no timeout; the phone's own deadline cancels).
    func requestConnection(_ phone: PhoneEndpoint, to tillID: TillID, in medium: RadioMedium) {
        guard phone.availability == .on, phone.link == nil, !phone.connecting else { return }
        phone.connecting = true
        guard let index = medium.tillIndexByID[tillID] else { return } // no such till: nothing will ever answer
        wait(phone, for: medium.tills[index])
    }

    private func wait(_ phone: PhoneEndpoint, for till: TillEndpoint) {
        phone.pendingTill = till
        till.connectors.append(phone)
    }

    /// The phone no longer wants to connect (cancel, deadline, Bluetooth off).
    func cancelConnection(_ phone: PhoneEndpoint, in medium: RadioMedium) {
        phone.connecting = false
        if let till = phone.pendingTill {
            till.connectors.removeAll { $0 === phone }
            phone.pendingTill = nil
        }
    }

    /// One advertising packet of `till` has gone out: each phone waiting for
    /// it that hears the packet answers with a connection request, which the
    /// till may not receive, or not take when it has its bound of links.
    func answerAdvertisement(of till: TillEndpoint, event: Int, channel: Int, in medium: RadioMedium) {
        for phone in till.connectors where phone.availability == .on && medium.listeners.canHear(phone, till) {
            let heard = medium.fresh.packetRSSI(mean: medium.fresh.meanRSSI(distance: medium.distance(phone, till)) + medium.fixedOffset(phone, till), generator: &medium.generator)
            guard heard >= medium.parameters.sensitivity else { continue }
            till.connectors.removeAll { $0 === phone }
            phone.pendingTill = nil
            let profile = phone.profile ?? .ios
            let interval = drawInterval(profile, in: medium)
            let request = Link(phone: phone, till: till, interval: interval, supervisionTimeout: profile.supervisionTimeout)
            let taken = receives(request, toTill: true, in: medium) && till.links.count < (tillProfile?.maxLinks ?? Int.max)
            if let air = medium.air { air.connectRequest(phone: phone.index, till: till.index, event: event, channel: channel, at: medium.now, interval: interval,
                                                  timeout: profile.supervisionTimeout, taken: taken) }
            guard taken else {
                medium.observe?(.connectRequestLost(phone: phone.index, till: till.index))
                // The phone waits six connection intervals for a first packet that
                // never comes (Core Spec Vol 6 Part B 4.5.2), then listens again.
                medium.clock.schedule(after: .microseconds(1250) + interval * 6) { [unowned self, unowned phone, unowned till] in
                    guard phone.connecting, phone.pendingTill == nil, phone.link == nil else { return }
                    wait(phone, for: till)
                }
                continue
            }
            establish(request, profile: profile, in: medium)
        }
    }

    /// A connection interval drawn for one connection: a multiple of 1.25 ms in the profile's range.
    private func drawInterval(_ profile: PhoneProfile, in medium: RadioMedium) -> Duration {
        let step = Int64(1_250_000)
        let low = (Self.nanoseconds(profile.connectionInterval.lowerBound) + step - 1) / step
        let high = Swift.max(Self.nanoseconds(profile.connectionInterval.upperBound) / step, low)
        guard high > low else { return .nanoseconds(low * step) }
        let k = low + Int64(medium.generator.unitInterval() * Double(high - low + 1))
        return .nanoseconds(Swift.min(k, high) * step)
    }

    private func establish(_ link: Link, profile: PhoneProfile, in medium: RadioMedium) {
        let phone = link.phone, till = link.till
        phone.connecting = false
        // The first event: 1.25 ms plus transmitWindowOffset, 0 to connInterval in 1.25 ms steps (Core Spec Vol 6 Part B 4.5.3).
        let steps = Self.nanoseconds(link.interval) / 1_250_000
        let offset = Swift.min(Int64(medium.generator.unitInterval() * Double(steps + 1)), steps)
        link.anchor = medium.now + .microseconds(1250) + .nanoseconds(offset * 1_250_000)
        link.lastUp = link.anchor
        link.lastDown = link.anchor
        link.subscribed = false
        link.phoneConnected = false
        phone.link = link
        till.links.append(link)
        medium.observe?(.connected(phone: phone.index, till: till.index))
        setUp(link, SetupExchange.allCases[...], from: medium.now, profile: profile, in: medium)
    }

    /// The GATT set-up, one exchange at a time: the phone's request at the
    /// first connection event after it is ready, sent again until it gets
    /// through; the till's response when its host has answered, likewise.
    private func setUp(_ link: Link, _ exchanges: ArraySlice<SetupExchange>, from ready: Duration, profile: PhoneProfile, in medium: RadioMedium) {
        guard link.open else { return }
        guard let exchange = exchanges.first else {
            link.lastUp = Swift.max(link.lastUp, ready)
            link.lastDown = Swift.max(link.lastDown, ready)
            armIdleLoss(link, from: ready, in: medium)
            link.phoneConnected = true
            link.phone.deliver(.connected)
            return
        }
        guard let requestArrives = transmit(on: link, from: ready, toTill: true, in: medium) else { return loseBySupervision(link, from: ready, in: medium) }
        let answered = requestArrives + (tillProfile?.responseTime.sample(&medium.generator) ?? .zero)
        guard let responseArrives = transmit(on: link, from: answered, toTill: false, in: medium) else { return loseBySupervision(link, from: answered, in: medium) }
        if let air = medium.air {
            air.setUp(phone: link.phone.index, till: link.till.index, exchange: exchange, request: requestArrives, response: responseArrives,
                      phoneMTU: profile.mtu, tillMTU: tillProfile?.mtu ?? profile.mtu)
        }
        if exchange == .subscribe {
            medium.clock.schedule(at: VirtualInstant(sinceStart: requestArrives)) {
                guard link.open else { return }
                link.subscribed = true
                link.till.deliver(.subscribed(link.phone.central))
            }
        }
        medium.clock.schedule(at: VirtualInstant(sinceStart: responseArrives)) { [unowned self, unowned medium] in
            guard link.open else { return }
            if exchange == .mtu { link.mtu = Swift.min(profile.mtu, tillProfile?.mtu ?? profile.mtu) }
            medium.observe?(.setUp(phone: link.phone.index, till: link.till.index, exchange))
            setUp(link, exchanges.dropFirst(), from: responseArrives, profile: profile, in: medium)
        }
    }

    /// The phone disconnects: a pending connect is cancelled; a link being set
    /// up ends unseen if the till has not seen the subscription, else the
    /// till sees the phone unsubscribe at the next connection event after
    /// pending writes.
    func disconnectFaithful(_ phone: PhoneEndpoint, in medium: RadioMedium) {
        cancelConnection(phone, in: medium)
        guard let link = phone.link else { return }
        phone.link = nil
        if let timer = link.idleLossTimer { medium.clock.cancel(timer) }
        link.idleLossTimer = nil
        let at = nextEvent(of: link, after: Swift.max(medium.now, link.lastUp))
        medium.clock.schedule(at: VirtualInstant(sinceStart: at)) { [unowned self, unowned medium] in
            guard link.open else { return }
            close(link, in: medium)
            guard link.subscribed else { return }
            medium.observe?(.unsubscribed(phone: link.phone.index, till: link.till.index))
            link.till.deliver(.unsubscribed(link.phone.central))
        }
    }
}
