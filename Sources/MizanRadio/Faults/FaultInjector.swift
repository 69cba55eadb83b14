import MizanTime
import MizanProtocol

/// Every fault of a run in one place: timed faults (a link dropped, Bluetooth
/// switched, a payer walking away) on their schedule, step faults (a link
/// dropped when a transaction reaches a protocol step) and corrupted frames.
/// It wraps the medium: the medium's radios stay fault-free, and the injector
/// sees each frame leave and arrive through `RadioMedium.taps`, which it
/// installs only when a step fault or corruption is armed (no cost otherwise).
package final class FaultInjector {
    private unowned let medium: RadioMedium
    private var stepFaults: [(point: LinkDropPoint, phone: Int?, after: Duration)] = []
    private var corruptions: [(type: FrameType, phone: Int?)] = []

    package init(medium: RadioMedium) {
        self.medium = medium
    }

    /// Schedules the timed faults and arms the rest. `exists` says whether a
    /// device is on the floor when its fault comes (a payer who has not
    /// arrived is not); `skipped` reports a fault that found no device.
    package func install(_ faults: [Fault], exists: @escaping (DeviceRef) -> Bool, skipped: @escaping (DeviceRef) -> Void) {
        let clock = medium.clock
        for fault in faults {
            switch fault {
            case let .dropLink(phone, time):
                clock.schedule(at: VirtualInstant(sinceStart: time)) { [unowned medium] in
                    if let phone, !exists(.phone(phone)) { return skipped(.phone(phone)) }
                    medium.dropLinks(phone: phone)
                }
            case let .dropLinkAtStep(point, phone, after):
                stepFaults.append((point, phone, after))
            case let .corruptFrame(type, phone):
                corruptions.append((type, phone))
            case let .bluetooth(device, availability, time):
                clock.schedule(at: VirtualInstant(sinceStart: time)) { [unowned medium] in
                    if exists(device) { medium.setAvailability(device, availability) } else { skipped(device) }
                }
            case let .walkAway(phone, time, speed, dx, dy):
                let length = Swift.max((dx * dx + dy * dy).squareRoot(), 1e-9)
                clock.schedule(at: VirtualInstant(sinceStart: time)) { [unowned medium] in
                    guard exists(.phone(phone)) else { return skipped(.phone(phone)) }
                    medium.walk(phone: phone, at: medium.now, velocity: (speed * dx / length, speed * dy / length))
                }
            }
        }
        if !stepFaults.isEmpty || !corruptions.isEmpty {
            medium.taps = MediumTaps(
                leaving: { [unowned self] in leaving($0, $1, $2, toTill: $3) },
                arrived: { [unowned self] link, type, toTill in
                    if toTill { dropIfArmed(Self.stepAfterDelivering(type), link) }
                }
            )
        }
    }

    // MARK: frames

    private func leaving(_ link: Link, _ sent: [UInt8], _ type: FrameType?, toTill: Bool) -> MediumTaps.Fate {
        let bytes = corrupted(sent, type, phone: link.phone.index)
        if toTill {
            if type == .phoneKey, let fault = takeStepFault(.beforeKey, phone: link.phone.index) {
                schedule(after: fault) { [unowned medium] in medium.connections.lose(link, .fault, in: medium) }
                return .lose(bytes)
            }
        } else {
            dropIfArmed(Self.stepAfterSending(type), link)
        }
        return .send(bytes)
    }

    /// The frame as it will arrive: with a bit flipped in its last byte if a corruption is armed for it.
    private func corrupted(_ bytes: [UInt8], _ type: FrameType?, phone: Int) -> [UInt8] {
        guard let type, let index = corruptions.firstIndex(where: { $0.type == type && ($0.phone == nil || $0.phone == phone) }),
              !bytes.isEmpty else { return bytes }
        corruptions.remove(at: index)
        var corrupted = bytes
        corrupted[corrupted.count - 1] ^= 0x01
        return corrupted
    }

    // MARK: steps

    /// The protocol step a till reaches once a phone's frame of this type is delivered to it.
    static func stepAfterDelivering(_ type: FrameType?) -> LinkDropPoint? {
        switch type {
        case .phoneKey: .afterKeyBeforeAmount
        case .decision: .afterConfirm
        case .advertisement, .amount, .result, .end, .busy, nil: nil
        }
    }

    /// The protocol step a transaction reaches once the till hands a frame of this type to the radio.
    static func stepAfterSending(_ type: FrameType?) -> LinkDropPoint? {
        switch type {
        case .amount: .afterAmountSentBeforePhoneHasIt
        case .result: .afterPick
        case .advertisement, .phoneKey, .decision, .end, .busy, nil: nil
        }
    }

    /// Drops `link` if a fault is armed for this step of its phone's transaction.
    private func dropIfArmed(_ point: LinkDropPoint?, _ link: Link) {
        guard let point, let fault = takeStepFault(point, phone: link.phone.index) else { return }
        schedule(after: fault) { [unowned medium] in medium.connections.lose(link, .fault, in: medium) }
    }

    private func takeStepFault(_ point: LinkDropPoint, phone: Int) -> Duration? {
        guard let index = stepFaults.firstIndex(where: { $0.point == point && ($0.phone == nil || $0.phone == phone) }) else { return nil }
        return stepFaults.remove(at: index).after
    }

    /// Even with no delay the fault fires after what is being handled now, so
    /// that the step it follows has happened on both sides.
    private func schedule(after delay: Duration, _ action: @escaping () -> Void) {
        medium.clock.schedule(after: delay, action)
    }
}
