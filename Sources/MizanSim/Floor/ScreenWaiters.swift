import MizanRadio
import MizanTime
/// The persons waiting for a device's screen (`Till.showing(_:)`,
/// `Phone.showing(_:)`), in the order they began to wait. Owned by the
/// device's actor and used only in its isolation.
struct ScreenWaiters<Screen: Equatable> {
    private var waiting: [(screen: Screen, resume: CheckedContinuation<Void, any Error>)] = []
    /// The run has ended: nobody waits for a screen any more (see `endAll()`).
    private var runEnded = false

    /// Waits until `wake(_:)` reports `screen`; throws `CancellationError` when
    /// the run ends first (or has ended).
    mutating func wait(for screen: Screen, _ resume: CheckedContinuation<Void, any Error>) {
        if runEnded { resume.resume(throwing: CancellationError()) } else { waiting.append((screen, resume)) }
    }

    /// The screen changed: wakes whoever waits for it.
    mutating func wake(_ screen: Screen) {
        guard waiting.contains(where: { $0.screen == screen }) else { return }
        let woken = waiting.filter { $0.screen == screen }
        waiting.removeAll { $0.screen == screen }
        for waiter in woken { waiter.resume.resume() }
    }

    /// The run ends: every person still waiting stops with `CancellationError`,
    /// in the order they began to wait, and later waits throw at once. Without
    /// this their tasks would stay suspended for ever, holding the floor (and
    /// its executor) alive.
    mutating func endAll() {
        runEnded = true
        let left = waiting
        waiting.removeAll()
        for waiter in left { waiter.resume.resume(throwing: CancellationError()) }
    }
}
