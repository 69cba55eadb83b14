
extension Floor {
    // MARK: faults

    /// Whether a fault's device is on the floor (a payer who has not arrived is not).
    func exists(_ device: DeviceRef) -> Bool {
        switch device {
        case let .till(index): tills.indices.contains(index)
        case let .phone(index): index >= 0 && index < payerCount && { _ = phone(index); return true }()
        }
    }

    func skipped(_ device: DeviceRef) {
        trace?.write(at: now, device: "floor", event: "fault skipped", [("reason", .string("\(device) is not on the floor"))])
    }

    func scheduleFaults() {
        for fault in plan.faults {
            switch fault {
            case let .dropLink(phone, time):
                clock.schedule(at: VirtualInstant(sinceStart: time)) { [unowned self] in
                    if let phone, !exists(.phone(phone)) { return skipped(.phone(phone)) }
                    medium.dropLinks(phone: phone)
                }
            case let .dropLinkAtStep(point, phone, after):
                medium.arm(point, phone: phone, after: after)
            case let .corruptFrame(type, phone):
                medium.armCorruption(of: type, phone: phone)
            case let .bluetooth(device, availability, time):
                clock.schedule(at: VirtualInstant(sinceStart: time)) { [unowned self] in
                    if exists(device) { medium.setAvailability(device, availability) } else { skipped(device) }
                }
            case let .walkAway(phone, time, speed, dx, dy):
                let length = Swift.max((dx * dx + dy * dy).squareRoot(), 1e-9)
                clock.schedule(at: VirtualInstant(sinceStart: time)) { [unowned self] in
                    guard exists(.phone(phone)) else { return skipped(.phone(phone)) }
                    medium.walk(phone: phone, at: now, velocity: (speed * dx / length, speed * dy / length))
                }
            }
        }
    }

}
