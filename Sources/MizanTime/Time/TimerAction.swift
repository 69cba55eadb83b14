/// What a `VirtualClock` timer does when it fires.
package enum TimerAction {
    /// A plain callback timer (`VirtualClock.schedule(at:_:)`).
    case callback(() -> Void)
    /// A task suspended in `VirtualClock.sleep(until:tolerance:)`: resuming it
    /// enqueues the task on the executor it slept on.
    case resume(UnsafeContinuation<Void, any Error>)
    /// A timer as plain data (`VirtualClock.schedule(at:target:event:)`): the
    /// target (held unowned) is told the event; nothing is allocated to set it.
    case tell(TimerTargetReference, event: Int)
}
