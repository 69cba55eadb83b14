/// A point in a simulation's virtual time: the `Duration` since the run started.
///
/// It moves only when the run loop fires a timer (see `VirtualClock`), never
/// with the wall clock.
public struct VirtualInstant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    public typealias Duration = Swift.Duration

    /// Virtual time elapsed since the start of the run.
    public var sinceStart: Duration

    /// The instant `sinceStart` after the start of the run.
    public init(sinceStart: Duration) {
        self.sinceStart = sinceStart
    }

    /// The start of the run (virtual time zero).
    public static let start = VirtualInstant(sinceStart: .zero)

    public func advanced(by duration: Duration) -> VirtualInstant {
        VirtualInstant(sinceStart: sinceStart + duration)
    }

    public func duration(to other: VirtualInstant) -> Duration {
        other.sinceStart - sinceStart
    }

    public static func < (lhs: VirtualInstant, rhs: VirtualInstant) -> Bool {
        lhs.sinceStart < rhs.sinceStart
    }

    public static func + (lhs: VirtualInstant, rhs: Duration) -> VirtualInstant {
        lhs.advanced(by: rhs)
    }

    public static func - (lhs: VirtualInstant, rhs: Duration) -> VirtualInstant {
        lhs.advanced(by: .zero - rhs)
    }

    public static func - (lhs: VirtualInstant, rhs: VirtualInstant) -> Duration {
        rhs.duration(to: lhs)
    }

    /// For example `t+1.5 seconds`.
    public var description: String { "t+\(sinceStart)" }
}
