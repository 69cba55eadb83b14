import MizanGeometry
import MizanTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loss from the body of the person holding the phone, by where they face
/// relative to the till: 0 dB facing it, `behindLoss` with the body between,
/// and `behindLoss * (1 - cos angle) / 2` in between (angle between the facing
/// direction and the direction to the till).
///
/// Source: 7-14 dB with the body between in rooms with reflections (Leith and
/// Farrell, arXiv 2006.06822); 16-26 dB in an anechoic setting (MIT Lincoln
/// Lab). `drawn` takes one person's figure uniformly from 7-14 dB. On the
/// Danis tracks the residuals show no dependence on heading (fit 0.06 - 0.12 cos
/// angle, dB: the beacon was carried on a rig, not a body), so `mizan twin`
/// uses none.
public struct BodyLoss: Hashable, Sendable {
    /// dB with the body squarely between phone and till.
    public let behindLoss: Double

    public init(behindLoss: Double) { self.behindLoss = behindLoss }

    public static let none = BodyLoss(behindLoss: 0)

    /// One person's behind-the-body loss, U(7, 14) dB (rooms with reflections).
    public static func drawn(generator: inout SeededGenerator) -> BodyLoss {
        BodyLoss(behindLoss: generator.uniform(7...14))
    }

    /// dB lost for a person at `phone` facing `heading` (radians, from +x
    /// towards +y) from a till at `till`. 0 if the till is where the phone is.
    public func loss(phone: Position, heading: Double, till: Position) -> Double {
        let dx = till.x - phone.x, dy = till.y - phone.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 1e-9, behindLoss != 0 else { return 0 }
        let cosine = (dx * cos(heading) + dy * sin(heading)) / length
        return behindLoss * (1 - cosine) / 2
    }
}
