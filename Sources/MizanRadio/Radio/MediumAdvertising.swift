import MizanTime
import MizanProtocol
import MizanRuntime

/// Advertising and scanning as the medium runs them: a till's timer, its
/// advertising delay, Bluetooth's state; what an event sends and who hears
/// it is the advertising model's (`Advertising`).
extension RadioMedium: TimerTarget {
    // MARK: advertising and scanning

    func startAdvertising(_ till: TillEndpoint, _ payload: [UInt8]) {
        guard till.availability == .on else { return }
        till.serviceUp = true
        till.advertisingPayload = payload
        guard till.advertisingTimer == nil else { return }
        observe?(.advertisingStarted(till: till.index))
        advertising.startAdvertising(till)
        scheduleAdvertising(till, after: advertisingDelay())
    }

    func stopAdvertising(_ till: TillEndpoint) {
        guard till.advertisingPayload != nil else { return }
        till.advertisingPayload = nil
        if let timer = till.advertisingTimer { _ = clock.cancel(timer) }
        till.advertisingTimer = nil
        advertising.stopAdvertising(till)
        observe?(.advertisingStopped(till: till.index))
    }

    /// Seconds since the run began.
    var nowSeconds: Double { now.seconds }

    func advertisingDelay() -> Duration {
        .nanoseconds(Int64(generator.uniform(0...advertisingDelayMaxNanos)))
    }

    func scheduleAdvertising(_ till: TillEndpoint, after delay: Duration) {
        // A timer as plain data: the medium, told the till's index (`timerFired`), not a closure per event.
        till.advertisingTimer = clock.schedule(after: delay, target: self, event: till.index)
        advertising.scheduled(till, at: nowSeconds + delay.inSeconds)
    }

    /// One advertising event (`Advertising.advertise`), and the next one scheduled.
    func advertise(_ till: TillEndpoint) {
        till.advertisingTimer = nil
        guard let payload = till.advertisingPayload, till.availability == .on else { return }
        advertising.advertise(till, payload: payload, in: self)
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
        advertising.startScan(phone, in: self)
    }

    func stopScan(_ phone: PhoneEndpoint) {
        guard phone.scanning else { return }
        phone.scanning = false
        advertising.stopScan(phone, in: self)
    }
}
