import MizanTime
import MizanProtocol
import MizanRuntime

/// Links made and ended: connecting, disconnecting, a service retired, a
/// link lost; Bluetooth power on a device; a payer walking away.
extension RadioMedium {
    // MARK: connections

    func connect(_ phone: PhoneEndpoint, to tillID: TillID) {
        guard let index = tillIndexByID[tillID] else {
            clock.schedule(after: parameters.connectLatency) { [unowned self, unowned phone] in
                observe?(.connectFailed(phone: phone.index, till: nil))
                phone.deliver(.failedToConnect)
            }
            return
        }
        let till = tills[index]
        phone.connecting = true
        frameTimers.schedule(.connect(phone, till), after: parameters.connectLatency)
    }

    /// A connect request's latency has passed: the phone is linked to the till, or told it failed.
    func connectCompletes(_ phone: PhoneEndpoint, _ till: TillEndpoint) {
        guard phone.connecting else { return } // the phone gave up meanwhile
        phone.connecting = false
        let reachable = phone.availability == .on && till.availability == .on && till.serviceUp
            && phone.link == nil && listeners.canHear(phone, till)
            && generator.unitInterval() >= fresh.packetErrorRate(rssi: fresh.meanRSSI(distance: distance(phone, till)) + fixedOffset(phone, till))
        guard reachable else {
            observe?(.connectFailed(phone: phone.index, till: till.index))
            phone.deliver(.failedToConnect)
            return
        }
        let link = Link(phone: phone, till: till, interval: parameters.connectionInterval, supervisionTimeout: parameters.supervisionTimeout)
        if let air {
            air.connectRequest(phone: phone.index, till: till.index, event: advertising.lastEvent, channel: 0, at: now,
                               interval: parameters.connectionInterval, timeout: parameters.supervisionTimeout, taken: true)
            // The simple link layer has no GATT set-up and no MTU: a capture shows its links as
            // having agreed the largest ATT MTU (517, Core Spec Vol 3 Part F 3.2.9), which every frame fits.
            air.setUp(phone: phone.index, till: till.index, exchange: .mtu, request: now, response: now, phoneMTU: 517, tillMTU: 517)
        }
        link.lastUp = now
        link.lastDown = now
        phone.link = link
        till.links.append(link)
        observe?(.connected(phone: phone.index, till: till.index))
        till.deliver(.subscribed(phone.central))
        phone.deliver(.connected)
    }

    func disconnect(_ phone: PhoneEndpoint) {
        phone.connecting = false
        guard let link = phone.link else { return }
        phone.link = nil
        // Pending writes go first; then the till sees the phone unsubscribe.
        let at = Swift.max(now, link.lastUp) + parameters.serviceRetirementLatency
        frameTimers.schedule(.unsubscribe(link), at: VirtualInstant(sinceStart: at))
    }

    /// A disconnected phone's pending writes have gone: the till sees it unsubscribe.
    func unsubscribe(_ link: Link) {
        guard link.open else { return }
        close(link)
        observe?(.unsubscribed(phone: link.phone.index, till: link.till.index))
        link.till.deliver(.unsubscribed(link.phone.central))
    }

    func retireService(_ till: TillEndpoint) {
        stopAdvertising(till)
        // What is queued goes first; then the service goes, and each phone sees it go.
        let links = till.links
        let drained = links.reduce(now) { Swift.max($0, $1.lastDown) }
        clock.schedule(at: VirtualInstant(sinceStart: drained)) { [unowned self, unowned till] in
            // Advertising again by now: a new service is up, but the old links still end.
            if till.advertisingPayload == nil {
                till.serviceUp = false
                observe?(.serviceRetired(till: till.index))
            }
            for link in links where link.open {
                close(link)
                // The till is told too: a link its retired service took down may be the one a
                // transaction begun since then took a phone's key over (a key that was still in
                // flight), and that transaction must see its payer go. Otherwise it is ignored.
                if link.subscribed { till.deliver(.disconnected(link.phone.central)) }
                clock.schedule(after: parameters.serviceRetirementLatency) { [unowned self] in
                    if link.phone.link === link || link.phone.link == nil {
                        observe?(.linkLost(phone: link.phone.index, till: link.till.index, .serviceRetired))
                        tellPhoneGone(link, .serviceInvalidated)
                    }
                }
            }
        }
    }

    /// Ends a link on both sides' books without telling anyone.
    func close(_ link: Link) {
        link.open = false
        if let timer = link.idleLossTimer { clock.cancel(timer) }
        link.idleLossTimer = nil
        link.till.links.removeAll { $0 === link }
        if link.phone.link === link { link.phone.link = nil }
    }

    /// The link is lost: both sides are told (a dropped link, whatever the cause).
    func lose(_ link: Link, _ reason: LinkLossReason) {
        guard link.open else { return }
        close(link)
        observe?(.linkLost(phone: link.phone.index, till: link.till.index, reason))
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

    /// Drops the phone's link (every open link when `phone` is nil) now.
    func dropLinks(phone: Int?) {
        if let phone {
            if let link = phones[phone]?.link { lose(link, .fault) }
        } else {
            for till in tills { for link in till.links { lose(link, .fault) } }
        }
    }

    // MARK: power

    /// Bluetooth on a device goes off, comes back, or loses its permission.
    package func setAvailability(_ device: DeviceRef, _ availability: RadioAvailability) {
        observe?(.power(device: device, availability))
        switch device {
        case let .till(index):
            let till = tills[index]
            till.availability = availability
            if availability != .on {
                stopAdvertising(till)
                till.serviceUp = false
                // The till's side ends at once; each phone notices only after a supervision timeout.
                for link in till.links {
                    close(link)
                    clock.schedule(after: link.supervisionTimeout) { [unowned self] in
                        observe?(.linkLost(phone: link.phone.index, till: link.till.index, .bluetoothOff))
                        tellPhoneGone(link, .disconnected)
                    }
                }
            }
            till.deliver(.stateChanged(availability))
        case let .phone(index):
            guard let phone = phones[index] else { return }
            phone.availability = availability
            if availability != .on {
                stopScan(phone)
                cancelConnection(phone)
                if let link = phone.link {
                    close(link)
                    clock.schedule(after: link.supervisionTimeout) { [unowned self] in
                        observe?(.linkLost(phone: link.phone.index, till: link.till.index, .bluetoothOff))
                        if link.subscribed { link.till.deliver(.disconnected(link.phone.central)) }
                    }
                }
            }
            phone.deliver(.stateChanged(availability))
        }
    }

    // MARK: walking away

    /// The payer starts walking; while the phone is linked, connection events
    /// are simulated one by one so the link is lost a supervision timeout after
    /// the last packet that got through.
    package func walk(phone index: Int, at start: Duration, velocity: (x: Double, y: Double)) {
        guard let phone = phones[index] else { return }
        var origin = phone.motion.position(at: start)
        origin.z = phone.motion.origin.z
        phone.motion = Motion(origin: origin, start: start, velocity: velocity)
        watchLink(of: phone, lastSuccess: now)
    }

    func watchLink(of phone: PhoneEndpoint, lastSuccess: Duration) {
        guard let link = phone.link, link.open, !phone.motion.isStill else { return }
        if faithful {
            // The signal changes now: the idle link's loss is simulated event by event instead.
            if let timer = link.idleLossTimer { clock.cancel(timer) }
            link.idleLossTimer = nil
        }
        let interval = link.interval
        clock.schedule(after: interval) { [unowned self, unowned phone] in
            guard let current = phone.link, current === link, link.open else { return }
            let gotThrough: Bool
            if faithful {
                gotThrough = receives(link, toTill: true) && receives(link, toTill: false)
            } else {
                let per = fresh.packetErrorRate(rssi: linkRSSI(link))
                gotThrough = per == 0 || generator.unitInterval() >= per
            }
            let last = gotThrough ? now : lastSuccess
            if now - last >= (link.supervisionTimeout) {
                lose(link, .supervisionTimeout)
            } else {
                watchLink(of: phone, lastSuccess: last)
            }
        }
    }
}
