import MizanTime
import MizanProtocol

/// Something that goes wrong on a schedule.
public enum Fault: Hashable, Sendable {
    /// Drop the phone's link (every open link when `phone` is nil) at a virtual time.
    case dropLink(phone: Int?, at: Duration)
    /// Drop the phone's link the first time its transaction reaches `point`,
    /// `after` that instant (inside the message's flight or the till's work).
    case dropLinkAtStep(LinkDropPoint, phone: Int?, after: Duration)
    /// Turn a device's Bluetooth off, back on, or withdraw the app's permission.
    case bluetooth(DeviceRef, RadioAvailability, at: Duration)
    /// Flip a bit in the next frame of this type to or from the phone (any
    /// phone when nil): it will fail to open or to decode.
    case corruptFrame(FrameType, phone: Int?)
    /// The payer walks away at `speed` m/s in direction (dx, dy) from `at`.
    case walkAway(phone: Int, at: Duration, speed: Double, dx: Double, dy: Double)
}
