
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
        record(.faultSkipped(device))
    }

    /// Hands the plan's faults to the injector, which wraps the medium.
    func scheduleFaults() {
        faults.install(plan.faults, exists: { [unowned self] in exists($0) }, skipped: { [unowned self] in skipped($0) })
    }

}
