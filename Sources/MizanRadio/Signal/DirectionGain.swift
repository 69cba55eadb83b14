#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a carried device's signal depends on direction: its carrier's body
/// and the device's own pattern, one gain by the angle between where the
/// carrier faces and the bearing to the other device (`docs/radio.md`,
/// "Direction"):
///
///     gain(angle) = -swing (1 - cos(angle - best)) / 2     dB
///
/// 0 toward `best`, -`swing` opposite it. A cosine: on the phone-to-phone
/// recordings (MIT Lincoln Laboratory Range_Angle, `data/body/`), held out a
/// session at a time, a cosine of fitted direction predicts as well as a
/// second harmonic or a flat top with a shadow (within 0.3 dB), and better
/// than no direction by 1.8 and 1.5 dB on two carriages of three (no better
/// on the third). Reciprocal: the same gain whichever end transmits.
public struct DirectionGain: Hashable, Sendable {
    /// Front-to-back loss, dB: what the gain loses from `best` to its opposite.
    public var swing: Double
    /// The best direction, radians from the carrier's heading (0 in front, π behind).
    public var best: Double

    public init(swing: Double, best: Double = 0) {
        self.swing = swing
        self.best = best
    }

    /// No direction: 0 dB every way.
    public static let none = DirectionGain(swing: 0)

    public var isNone: Bool { swing == 0 }

    /// The gain, dB, toward `bearing` (radians, in the floor's frame) from a carrier facing `heading`.
    @inline(__always)
    public func gain(heading: Double, bearing: Double) -> Double {
        swing == 0 ? 0 : -swing * (1 - cos(bearing - heading - best)) / 2
    }

    /// The largest gain toward any bearing, dB: 0 (toward `best`) for a swing of 0 or more.
    public var largest: Double { Swift.max(0, -swing) }

    /// The bearing from (x, y) to (toX, toY), radians (0 along +x, π/2 along +y).
    @inline(__always)
    public static func bearing(fromX x: Double, y: Double, toX: Double, toY: Double) -> Double {
        atan2(toY - y, toX - x)
    }
}
