import MizanTime
import MizanProtocol

/// Where something outside the medium (the `FaultInjector`) sees each frame
/// leave a device and arrive at the other, and may change its fate. The
/// medium knows nothing of protocol steps or corruption; it only asks.
package struct MediumTaps {
    /// What becomes of a frame handed to the radio.
    enum Fate {
        /// Sent with these bytes (the original, or altered).
        case send([UInt8])
        /// Goes on the air but never arrives (the link is about to drop).
        case lose([UInt8])

        var bytes: [UInt8] {
            switch self {
            case let .send(bytes), let .lose(bytes): bytes
            }
        }
    }

    /// A frame of `type` leaves on `link`, towards the till when the flag is set.
    var leaving: (Link, [UInt8], FrameType?, Bool) -> Fate
    /// A frame of `type` has arrived on `link` (towards the till when the flag is set), and been acknowledged.
    var arrived: (Link, FrameType?, Bool) -> Void
}
