import MizanTime
/// The till's platform as a BLE peripheral: its ATT MTU, how many links it
/// keeps at once, and how long its host takes to answer an ATT request.
/// Made here (`ipad`); a floor file overrides its fields.
public struct TillProfile: Hashable, Sendable {
    public var name: String
    /// The ATT MTU the till offers in the MTU exchange.
    public var mtu: Int
    /// How many centrals may be connected at once; a connection request past
    /// the bound is not answered (the phone's connect stays pending).
    public var maxLinks: Int
    /// From an ATT request's arrival to its response being ready to send:
    /// log-normal, drawn per request.
    public var responseTime: LogNormal

    /// An iPad running the till app.
    /// - MTU 185: what Apple devices offer (docs/radio.md, ATT row).
    /// - At most 8 links: an assumption. Apple documents no bound for a Core
    ///   Bluetooth peripheral; 8 is a typical controller limit (Nordic's S120
    ///   stack, for one, supports eight simultaneous connections). A till
    ///   serves one phone at a time, so the bound matters only on a crowded
    ///   floor (docs/link-layer.md).
    /// - Response time: log-normal, median 47 ms, sigma 1.0, fitted so that
    ///   Android connect-to-subscribed on a clean 1 m link matches the mean
    ///   (867 ms) and worst (3,046 ms) of 1,500 runs reported on Nordic
    ///   DevZone ("Reduce connection establish time"); the best (389 ms) is
    ///   held out and checked (docs/link-layer.md).
    public static let ipad = TillProfile(name: "ipad", mtu: 185, maxLinks: 8, responseTime: LogNormal(median: .milliseconds(47), sigma: 1.0))
}
