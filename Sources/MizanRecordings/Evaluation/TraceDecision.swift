import MizanProtocol

/// One simulated "tap Start" on a recorded trace: when it began, when it
/// decided (or gave up), what it chose and what was truly nearest then.
public struct TraceDecision: Hashable, Sendable {
    public let phone: String
    /// Seconds since the phone's first row.
    public let start: Double
    /// When the strategy decided, or the last time it was asked.
    public let at: Double
    public let chosen: TillID?
    public let nearest: TillID
    public let nearestDistance: Double
    /// Infinite when there is only one till.
    public let secondDistance: Double
    public let chosenDistance: Double?

    public var isRight: Bool { chosen == nearest }
    /// The nearest till is at least 1 m closer than the second.
    public var isClear: Bool { secondDistance - nearestDistance >= 1 }
}
