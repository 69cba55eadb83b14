import MizanRadio
import MizanTime
import MizanProtocol

/// A till on the floor as the floor keeps it: its radio, its device (the
/// `Till` actor, which owns the driver and timers), and the queue of payers
/// its operator serves.
final class TillUnit {
    let index: Int
    let plan: TillPlan
    let endpoint: TillEndpoint
    let device: Till
    /// The till's key stream (SeededKeys.swift).
    let keys: SeededKeys
    /// Payers waiting, first in line first.
    var queue = PayerQueue()
    /// The payer whose amount is locked, or nil.
    var lockedFor: Int?
    /// The operator about to lock the next amount: the step's slot in `Floor.personTimers`.
    var lockStep: Int?
    /// The operator dropped the lock because the payer's attempt failed while
    /// their amount was on air: the next lock waits the relock delay.
    var droppedLock = false

    init(index: Int, plan: TillPlan, endpoint: TillEndpoint, device: Till, keys: SeededKeys) {
        self.index = index
        self.plan = plan
        self.endpoint = endpoint
        self.device = device
        self.keys = keys
    }

    // The device, entered synchronously: the floor runs on the run's executor.

    var screen: HostScreen { device.entered { $0.screen } }

    func handle(_ event: HostChain.Event) { device.entered { $0.handle(event) } }
}
