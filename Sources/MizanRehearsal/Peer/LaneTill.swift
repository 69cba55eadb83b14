import MizanProtocol

/// The till of a lane: its identity and the real host's settings.
public struct LaneTill: Hashable, Sendable {
    public let id: TillID
    public let label: String
    /// The real host's countdown.
    public let countdown: Duration
    /// How long the real host takes to derive keys and seal the amount.
    public let cryptoLatency: Duration
}
