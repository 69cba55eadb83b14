import MizanTime
import MizanProtocol

/// One of the medium's frequent timers as plain data: what it acts on when it
/// fires (`RadioMedium.fire`). It waits in the medium's `MediumTimers` under
/// the event number the clock tells back, so that a frame in flight costs no
/// closure allocated and freed. (A till's advertising event needs no payload:
/// the medium itself is told the till's index.) Rarer timers (faults, losses,
/// retirements) stay callbacks.
package enum MediumTimer {
    /// A phone's connect request completes, or fails (`Connections.connect`).
    case connect(PhoneEndpoint, TillEndpoint)
    /// A write reaches the till on the simple link layer (`Transfers.write`).
    case writeArrives(Link, FrameType?, [UInt8])
    /// A write's (last) request reaches the till on a faithful link (`Transfers.writeFaithful`).
    case faithfulWriteArrives(Link, FrameType?, [UInt8])
    /// The till's response to a write reaches the phone on a faithful link.
    case faithfulWriteAcknowledged(Link, FrameType?)
    /// A notification reaches the phone (`Transfers.deliverNotification`).
    case notificationArrives(Link, FrameType?, [UInt8])
    /// The till sees a phone that disconnected unsubscribe (`Connections.disconnect`).
    case unsubscribe(Link)
}
