import MizanTime
/// How long things take on a rehearsal link, in virtual time. Each direction
/// is first in, first out: a frame arrives `flight` after the later of its
/// sending and the previous frame's arrival in that direction.
///
/// The defaults are the first (simple) radio's fixed timings, each sourced in
/// `RadioParameters`, so that a lane and a simple floor take the same time.
public struct LinkTiming: Hashable, Sendable {
    private static let simple = RadioParameters.firstDefinition
    /// One frame's flight (one connection event on a good link).
    public var flight: Duration = simple.connectionInterval
    /// From a phone's connect to connected and subscribed.
    public var connect: Duration = simple.connectLatency
    /// From an unsubscribe or a retired service to the other side seeing it.
    public var retire: Duration = simple.serviceRetirementLatency
    /// How long the other side takes to notice a device whose Bluetooth went off.
    public var supervision: Duration = simple.supervisionTimeout
    /// Between two advertising packets a scanning phone hears.
    public var advertisingInterval: Duration = simple.advertisingInterval

    public init() {}
}
