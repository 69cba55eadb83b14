/// How long things take on a rehearsal link, in virtual time. Each direction
/// is first in, first out: a frame arrives `flight` after the later of its
/// sending and the previous frame's arrival in that direction.
public struct LinkTiming: Hashable, Sendable {
    /// One frame's flight (one connection event on a good link).
    public var flight: Duration = .milliseconds(15)
    /// From a phone's connect to connected and subscribed.
    public var connect: Duration = .milliseconds(30)
    /// From an unsubscribe or a retired service to the other side seeing it.
    public var retire: Duration = .milliseconds(15)
    /// How long the other side takes to notice a device whose Bluetooth went off.
    public var supervision: Duration = .seconds(4)
    /// Between two advertising packets a scanning phone hears.
    public var advertisingInterval: Duration = .milliseconds(100)

    public init() {}
}
