import MizanTime
/// The GATT set-up between connecting and the first write, one ATT request
/// and its response each (Core Spec Vol 3 Part F and G): what a phone does
/// before it can write its key to "To host" and hear from "To client".
public enum SetupExchange: String, CaseIterable, Hashable, Sendable {
    /// ATT Exchange MTU: the link's MTU becomes the smaller of the two offers.
    case mtu = "MTU exchange"
    /// Find By Type Value for the Mizan service's UUID.
    case service = "service discovery"
    /// Read By Type over the service's handles: both characteristics fit in one response ...
    case characteristics = "characteristic discovery"
    /// ... and the next request ends the discovery with Attribute Not Found.
    case characteristicsEnd = "characteristic discovery end"
    /// Find Information for "To client"'s Client Characteristic Configuration descriptor.
    case descriptor = "descriptor discovery"
    /// Write Request to that descriptor: subscribed to "To client".
    case subscribe = "subscribe"
}
