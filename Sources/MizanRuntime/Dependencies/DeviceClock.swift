/// A device's view of time: the current virtual time and named timers. In a
/// simulation it is the run's virtual clock; nothing here reads a real clock.
public struct DeviceClock<Timer: Hashable> {
    public var now: () -> Duration
    /// Start (or restart) a timer; when it fires, the device is told.
    public var start: (Timer, Duration) -> Void
    public var cancel: (Timer) -> Void

    public init(now: @escaping () -> Duration, start: @escaping (Timer, Duration) -> Void, cancel: @escaping (Timer) -> Void) {
        self.now = now
        self.start = start
        self.cancel = cancel
    }
}

/// The till's timers: the handshake countdown, and the time its crypto takes.
public enum HostTimer: Hashable, Sendable {
    case countdown
    case crypto
}

/// The phone's timers.
public enum PhoneTimer: Hashable, Sendable {
    case deadline
    case scanWindow
}
