import MizanRadio
import MizanTime
import MizanProtocol

/// A payer and their phone (the `Phone` actor) as the floor keeps them.
package final class PhoneUnit {
    let index: Int
    let endpoint: PhoneEndpoint
    let device: Phone
    /// The phone's key stream (SeededKeys.swift).
    let keys: SeededKeys
    /// The till the payer queues at.
    var till: Int
    /// The amount the payer expects to see.
    var amount: Amount?
    var failures = 0
    /// The payer's processes still running (deciding, cancelling): the phone is not retired while any runs.
    var processes = 0

    init(index: Int, endpoint: PhoneEndpoint, till: Int, device: Phone, keys: SeededKeys) {
        self.index = index
        self.endpoint = endpoint
        self.till = till
        self.device = device
        self.keys = keys
    }

    /// A transaction is running on the phone (from Start to its ending).
    var busy: Bool { device.entered { $0.busy } }

    // The device, entered synchronously: the floor runs on the run's executor.

    var screen: PhoneScreen { device.entered { $0.screen } }

    var state: PhoneChain.State { device.entered { $0.state } }

    func handle(_ event: PhoneChain.Event) { device.entered { $0.handle(event) } }
}
