import MizanProtocol
import MizanRuntime

/// A payer and their phone on the floor.
final class PhoneUnit {
    let index: Int
    let endpoint: PhoneEndpoint
    let timers: DeviceTimers<PhoneTimer>
    var driver: PhoneDriver!
    /// The phone's key stream (SeededKeys.swift).
    var keys: SeededKeys?
    /// The till the payer queues at.
    var till: Int
    /// The amount the payer expects to see.
    var amount: Amount?
    var failures = 0
    var decisionTimer: TimerID?

    init(index: Int, endpoint: PhoneEndpoint, timers: DeviceTimers<PhoneTimer>, till: Int) {
        self.index = index
        self.endpoint = endpoint
        self.timers = timers
        self.till = till
    }

    var name: String { "phone-\(index + 1)" }

    /// A transaction is running on the phone (from Start to its ending).
    var busy: Bool {
        switch driver.state.find {
        case .scanning, .handedOver: true
        case .idle, .ended: false
        }
    }
}
