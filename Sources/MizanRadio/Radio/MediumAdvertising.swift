import MizanTime
import MizanProtocol
import MizanRuntime

/// Advertising and scanning. On the simple model each advertising event a
/// packet per channel, heard by every scanning phone whose packet clears the
/// sensitivity; on the signal model, `MediumSignal`.
extension RadioMedium: TimerTarget {
    // MARK: advertising and scanning

    func startAdvertising(_ till: TillEndpoint, _ payload: [UInt8]) {
        guard till.availability == .on else { return }
        till.serviceUp = true
        till.advertisingPayload = payload
        guard till.advertisingTimer == nil else { return }
        observe?(.advertisingStarted(till: till.index))
        if hasSignal { joinAdvertisers(till) }
        scheduleAdvertising(till, after: advertisingDelay())
    }

    func stopAdvertising(_ till: TillEndpoint) {
        guard till.advertisingPayload != nil else { return }
        till.advertisingPayload = nil
        if let timer = till.advertisingTimer { _ = clock.cancel(timer) }
        till.advertisingTimer = nil
        setNextEventStart(till, .infinity)
        leaveAdvertisers(till)
        observe?(.advertisingStopped(till: till.index))
    }

    func advertisingDelay() -> Duration {
        .nanoseconds(Int64(generator.uniform(0...advertisingDelayMaxNanos)))
    }

    func scheduleAdvertising(_ till: TillEndpoint, after delay: Duration) {
        // A timer as plain data: the medium, told the till's index (`timerFired`), not a closure per event.
        till.advertisingTimer = clock.schedule(after: delay, target: self, event: till.index)
        if hasSignal { setNextEventStart(till, nowSeconds + delay.inSeconds) }
    }

    /// One advertising event: a packet on each channel, heard by every scanning
    /// phone whose RSSI clears the sensitivity (and, with collisions on, whose
    /// channel was free).
    func advertise(_ till: TillEndpoint) {
        till.advertisingTimer = nil
        guard let payload = till.advertisingPayload, till.availability == .on else { return }
        if hasSignal {
            setNextEventStart(till, .infinity)
            advertiseSignal(till, payload: payload)
            if till.advertisingPayload != nil, till.advertisingTimer == nil {
                scheduleAdvertising(till, after: parameters.advertisingInterval + advertisingDelay())
            }
            return
        }
        advertisingEvents &+= 1
        let time = now
        if let air {
            air.advertisingEvent(till: till.index, event: advertisingEvents, start: time, spacing: .zero,
                                 channels: parameters.advertisingChannels, payload: payload)
        }
        for channel in 0..<parameters.advertisingChannels {
            packetsSent += 1
            if parameters.collisions {
                let collided = time - lastPacketOnChannel[channel] < parameters.packetAirtime
                lastPacketOnChannel[channel] = time
                if collided {
                    if let air { air.collided(till: till.index, event: advertisingEvents, channel: channel) }
                    continue
                }
            }
            listeners.forEach(hearing: till) { phone in
                // The link's mean is the same on every channel of the event:
                // computed once per event and phone (no draw depends on it).
                if phone.eventStamp != advertisingEvents {
                    phone.eventStamp = advertisingEvents
                    phone.eventMean = fresh.meanRSSI(distance: distance(phone, till)) + fixedOffset(phone, till)
                }
                let rssi = fresh.packetRSSI(mean: phone.eventMean, generator: &generator)
                guard rssi >= parameters.sensitivity else {
                    if let air { air.lost(till: till.index, event: advertisingEvents, channel: channel, phone: phone.index, why: .belowSensitivity) }
                    return
                }
                packetsHeard += 1
                if let air { air.heard(till: till.index, event: advertisingEvents, channel: channel, phone: phone.index, rssi: SignalModel.reported(rssi)) }
                phone.reportAdvertisement(payload, rssi: SignalModel.reported(rssi))
                // A phone that decided stops scanning at once; the next channel reads the scanners afresh.
            }
            // Phones waiting to connect answer this packet (faithful link layer).
            if !till.connectors.isEmpty { answerAdvertisement(of: till, event: advertisingEvents, channel: channel) }
        }
        if till.advertisingPayload != nil, till.advertisingTimer == nil {
            scheduleAdvertising(till, after: parameters.advertisingInterval + advertisingDelay())
        }
    }

    /// A till's advertising event is due (`scheduleAdvertising`): the event is the till's index.
    package func timerFired(_ till: Int) {
        advertise(tills[till])
    }

    func startScan(_ phone: PhoneEndpoint) {
        guard phone.availability == .on, !phone.scanning else { return }
        phone.scanning = true
        if hasSignal { beginSignalScan(phone) }
        listeners.join(phone)
        if hasSignal { hearEventsBegunNow(by: phone) }
    }

    func stopScan(_ phone: PhoneEndpoint) {
        guard phone.scanning else { return }
        phone.scanning = false
        listeners.leave(phone)
        if hasSignal { endSignalScan(phone) }
    }
}
