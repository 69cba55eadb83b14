/// Where a device writes its log. Drivers only ever log fixed messages about
/// screens and steps, never an amount, a key or a device identifier; the
/// rehearsal lanes read the log back to check.
public struct DeviceLog {
    public var write: (String) -> Void
    /// Whether anyone reads the log: a driver builds its lines only then (`record`).
    public let isRead: Bool

    public init(write: @escaping (String) -> Void) {
        self.write = write
        isRead = true
    }

    private init(discarding: Void) {
        write = { _ in }
        isRead = false
    }

    /// A log that keeps nothing.
    public static var discard: DeviceLog { DeviceLog(discarding: ()) }

    /// Writes `line`, built only if the log is read (a floor without a device
    /// log interpolated a line at every screen change of every device).
    @inline(__always)
    public func record(_ line: @autoclosure () -> String) {
        if isRead { write(line()) }
    }
}
