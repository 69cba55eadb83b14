import MizanTime

/// What an ideal sniffer beside every device sees (`mizan run --out`'s
/// `air.pcapng`): each packet as the medium sends it, each phone's fate for
/// an advertising packet, and the link layer's exchanges at the times they
/// get through. Indices are the medium's (`DeviceRef.till(_:)`,
/// `DeviceRef.phone(_:)`). With none (the default) the medium pays one test
/// per advertising event and per packet it draws.
public protocol AirObserver: AnyObject {
    /// Till `till`'s advertising event number `event`: its packets on the
    /// advertising channels 0..<`channels` (37, 38, 39), `spacing` apart from `start`.
    func advertisingEvent(till: Int, event: Int, start: Duration, spacing: Duration, channels: Int, payload: [UInt8])
    /// Phone `phone` reported the event's packet on `channel` at `rssi` dBm.
    func heard(till: Int, event: Int, channel: Int, phone: Int, rssi: Int)
    /// Phone `phone` listened on `channel` and the event's packet there did not get through.
    func lost(till: Int, event: Int, channel: Int, phone: Int, why: AirLoss)
    /// The event's packet on `channel` collided on the air, for every phone (the simple model).
    func collided(till: Int, event: Int, channel: Int)
    /// Phone `phone` answered the event's packet on `channel` with a connection request for
    /// connection events `interval` apart and a supervision `timeout`; `taken` when the till
    /// received and took it.
    func connectRequest(phone: Int, till: Int, event: Int, channel: Int, at time: Duration, interval: Duration, timeout: Duration, taken: Bool)
    /// One GATT set-up exchange of a link: the phone's request got through at `request`, the till's response at `response`.
    func setUp(phone: Int, till: Int, exchange: SetupExchange, request: Duration, response: Duration, phoneMTU: Int, tillMTU: Int)
    /// A write of `bytes` to "To host": each ATT request (one, or a prepare per piece and then
    /// the execute) got through at its `request` time, and its response at `response`. `mtu`:
    /// the link's ATT MTU, 0 on the simple link layer (no MTU: every frame one request).
    /// A write that fails part way is told the exchanges that got through.
    func write(phone: Int, till: Int, bytes: [UInt8], exchanges: [(request: Duration, response: Duration)], mtu: Int)
    /// A notification of `bytes` on "To client", its pieces got through at `arrivals` (`mtu` as for a write).
    func notification(phone: Int, till: Int, bytes: [UInt8], arrivals: [Duration], mtu: Int)
}

/// Why a packet a phone listened for did not reach it.
public enum AirLoss: String, Sendable {
    case belowSensitivity = "below sensitivity"
    case collided = "collided"
    case bystander = "a bystander's packet"
    case notReported = "not reported"
    case heldOff = "held off"
}
