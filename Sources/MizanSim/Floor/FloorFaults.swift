import MizanRadio
import MizanTime

extension Floor {
    // MARK: faults

    /// Whether a fault's device is on the floor (a payer who has not arrived is not).
    func exists(_ device: DeviceRef) -> Bool {
        switch device {
        case let .till(index): tills.indices.contains(index)
        case let .phone(index):
            // A payer retired after leaving is not on the floor (a payer a timed fault names is never retired).
            index >= 0 && index < payerCount && (phoneUnits[index] != nil || pendingPayers?.covers(index) == true)
                && { _ = phone(index); return true }()
        }
    }

    func skipped(_ device: DeviceRef) {
        record(.faultSkipped(device))
    }

    /// Hands the plan's faults to the injector, which wraps the medium.
    func scheduleFaults() {
        // Payers a timed fault names stay on the floor to the end (retired, the fault would find no one).
        for fault in plan.faults {
            switch fault {
            case let .dropLink(phone?, _), let .walkAway(phone, _, _, _, _), let .bluetooth(.phone(phone), _, _):
                retirement.keep.insert(phone)
            default: break
            }
        }
        faults.install(plan.faults, exists: { [unowned self] in exists($0) }, skipped: { [unowned self] in skipped($0) })
    }

}
