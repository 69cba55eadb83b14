/// What a `VirtualClock` timer set as plain data tells when it fires
/// (`VirtualClock.schedule(at:target:event:)`): the clock keeps the target and
/// a small event number instead of a closure, so setting and firing such a
/// timer allocates nothing. A device's named timers (`DeviceTimers`), the
/// medium's advertising events and its frames in flight (`MediumTimers`) are
/// set this way; rarer timers stay callbacks. A pending timer holds its target
/// unowned (`TimerTargetReference`), as the callbacks captured their objects:
/// the target must outlive its pending timers.
package protocol TimerTarget: AnyObject {
    /// The timer set with `event` fired: on the driving thread, with the
    /// clock's `now` at the timer's deadline.
    func timerFired(_ event: Int)
}
