/// Where a device writes its log. Drivers only ever log fixed messages about
/// screens and steps, never an amount, a key or a device identifier; the
/// rehearsal lanes read the log back to check.
public struct DeviceLog {
    public var write: (String) -> Void

    public init(write: @escaping (String) -> Void) { self.write = write }

    /// A log that keeps nothing.
    public static var discard: DeviceLog { DeviceLog { _ in } }
}
