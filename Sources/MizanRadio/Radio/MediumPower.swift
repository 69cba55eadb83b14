import MizanTime
import MizanProtocol
import MizanRuntime

/// What happens to a device's radio as a whole: Bluetooth power, a payer
/// walking away while linked, a fault dropping links.
extension RadioMedium {
    /// Drops the phone's link (every open link when `phone` is nil) now.
    func dropLinks(phone: Int?) {
        if let phone {
            if let link = phones[phone]?.link { connections.lose(link, .fault, in: self) }
        } else {
            for till in tills { for link in till.links { connections.lose(link, .fault, in: self) } }
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
                    connections.close(link, in: self)
                    clock.schedule(after: link.supervisionTimeout) { [unowned self] in
                        observe?(.linkLost(phone: link.phone.index, till: link.till.index, .bluetoothOff))
                        connections.tellPhoneGone(link, .disconnected)
                    }
                }
            }
            till.deliver(.stateChanged(availability))
        case let .phone(index):
            guard let phone = phones[index] else { return }
            phone.availability = availability
            if availability != .on {
                stopScan(phone)
                connections.cancelConnection(phone, in: self)
                if let link = phone.link {
                    connections.close(link, in: self)
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
        if connections.faithful {
            // The signal changes now: the idle link's loss is simulated event by event instead.
            if let timer = link.idleLossTimer { clock.cancel(timer) }
            link.idleLossTimer = nil
        }
        let interval = link.interval
        clock.schedule(after: interval) { [unowned self, unowned phone] in
            guard let current = phone.link, current === link, link.open else { return }
            let gotThrough: Bool
            if connections.faithful {
                gotThrough = connections.receives(link, toTill: true, in: self) && connections.receives(link, toTill: false, in: self)
            } else {
                let per = fresh.packetErrorRate(rssi: linkRSSI(link))
                gotThrough = per == 0 || generator.unitInterval() >= per
            }
            let last = gotThrough ? now : lastSuccess
            if now - last >= (link.supervisionTimeout) {
                connections.lose(link, .supervisionTimeout, in: self)
            } else {
                watchLink(of: phone, lastSuccess: last)
            }
        }
    }
}
