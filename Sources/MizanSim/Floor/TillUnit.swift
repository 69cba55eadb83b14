import MizanRuntime

/// A till on the floor: its radio, its driver, its timers, and the queue of
/// payers its operator serves.
final class TillUnit {
    let index: Int
    let plan: TillPlan
    let endpoint: TillEndpoint
    let timers: DeviceTimers<HostTimer>
    var driver: HostDriver!
    /// The till's key stream (SeededKeys.swift).
    var keys: SeededKeys?
    /// Payers waiting, first in line first.
    var queue = PayerQueue()
    /// The payer whose amount is locked, or nil.
    var lockedFor: Int?
    var lockTimer: TimerID?
    /// The operator dropped the lock because the payer's attempt failed while
    /// their amount was on air: the next lock waits the relock delay.
    var droppedLock = false

    init(index: Int, plan: TillPlan, endpoint: TillEndpoint, timers: DeviceTimers<HostTimer>) {
        self.index = index
        self.plan = plan
        self.endpoint = endpoint
        self.timers = timers
    }

    var name: String { "till-\(index + 1)" }
}
