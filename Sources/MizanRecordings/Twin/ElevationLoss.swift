import MizanGeometry
import MizanRadio
import MizanProtocol
import MizanSim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A till's loss toward steep angles: `coefficient * sin(elevation)` dB,
/// elevation the angle between the horizontal and the line from the till to
/// the phone. Tills mounted at one height share a coefficient.
///
/// Why: on the Danis tracks the receivers mounted at 2.3 m (USB dongles, the
/// beacon at about 1.8 m) read 3.4 dB below their distance line at sin(e)
/// 0.2-0.3 and 6.9 dB below it at 0.3-0.5 (within about 2 m, where such a
/// receiver is the nearest), while the ones at 1.22 m (Raspberry Pis) show
/// under 0.8 dB at any angle: an antenna pattern weak toward steep angles
/// (`docs/digital-twin.md`). The beacon's own orientation explains under 1 %
/// of the residual variance (its 3x3 orientation in the track files), so it
/// is not modelled.
///
/// Fitted on five tracks: 46-64 dB per unit sine at 2.3 m, 0-13 at 1.22 m.
/// An experiment (`mizan twin --elevation-loss`): the loss is real, but as a
/// fitted term it makes the Danis twin worse (pooled accuracy 44 % against 51
/// % real; 25 of 42 cells within 5 points, against 29 without), so it is off
/// by default (`docs/digital-twin.md`).
///
/// Fit (`fitted`, training tracks only): each till's line `a + b x` (x = -10
/// log10 d) and one coefficient per mounting height (z to 0.1 m), jointly by
/// least squares (each class's coefficient in closed form once the lines are
/// projected out), coefficients at least 0.
public struct ElevationLoss: Sendable {
    /// dB per unit sine of the elevation, per till (0 for a till without one).
    public let coefficients: [TillID: Double]

    public init(coefficients: [TillID: Double]) { self.coefficients = coefficients }

    public static let none = ElevationLoss(coefficients: [:])

    /// sin(elevation) between a till at `till` and a phone at `phone`.
    public static func sine(till: Position, phone: Position) -> Double {
        let d = Swift.max(till.distance(to: phone), 0.1)
        return Swift.min(1, abs(till.z - phone.z) / d)
    }

    /// dB lost between a till at `tillPosition` and a phone at `phone`.
    public func loss(till: TillID, tillPosition: Position, phone: Position) -> Double {
        guard let c = coefficients[till], c != 0 else { return 0 }
        return c * Self.sine(till: tillPosition, phone: phone)
    }

    /// One reading for the fit.
    public struct Reading: Sendable {
        public let till: TillID
        /// -10 log10(distance).
        public let x: Double
        public let sine: Double
        public let rssi: Double
    }

    /// Each till's line (intercept, slope) and the coefficients, fitted jointly on `readings`.
    /// Tills with under 11 readings or no spread in distance get no line.
    public static func fitted(_ readings: [Reading], tills: [RSSITrace.Till]) -> (lines: [TillID: (a: Double, b: Double)], loss: ElevationLoss) {
        let height = Dictionary(uniqueKeysWithValues: tills.map { ($0.id, Int(($0.position.z * 10).rounded())) })
        var byTill: [TillID: [Reading]] = [:]
        for reading in readings { byTill[reading.till, default: []].append(reading) }
        let heard = byTill.keys.sorted()
        // Per till, the least-squares line through (x, v) for v = rssi and v = sine;
        // what each leaves over is linear in the class's coefficient, so each
        // class's coefficient has a closed form: c = -sum(ry rs) / sum(rs rs).
        func line(_ points: [Reading], _ value: (Reading) -> Double) -> (a: Double, b: Double)? {
            let n = Double(points.count)
            guard points.count > 10 else { return nil }
            let mx = points.reduce(0) { $0 + $1.x } / n, my = points.reduce(0) { $0 + value($1) } / n
            let sxx = points.reduce(0) { $0 + ($1.x - mx) * ($1.x - mx) }
            let sxy = points.reduce(0) { $0 + ($1.x - mx) * (value($1) - my) }
            guard sxx > 0 else { return nil }
            return (my - sxy / sxx * mx, sxy / sxx)
        }
        var cross: [Int: Double] = [:], squares: [Int: Double] = [:]
        for till in heard {
            let points = byTill[till] ?? []
            guard let h = height[till], let ly = line(points, \.rssi), let ls = line(points, \.sine) else { continue }
            for r in points {
                let ry = r.rssi - ly.a - ly.b * r.x, rs = r.sine - ls.a - ls.b * r.x
                cross[h, default: 0] += ry * rs
                squares[h, default: 0] += rs * rs
            }
        }
        var perClass: [Int: Double] = [:]
        for (h, ss) in squares where ss > 0 { perClass[h] = Swift.max(0, -(cross[h] ?? 0) / ss) }
        var lines: [TillID: (a: Double, b: Double)] = [:]
        for till in heard {
            let c = height[till].flatMap { perClass[$0] } ?? 0
            if let l = line(byTill[till] ?? [], { $0.rssi + c * $0.sine }) { lines[till] = l }
        }
        var coefficients: [TillID: Double] = [:]
        for till in heard { if let h = height[till], let c = perClass[h] { coefficients[till] = c } }
        return (lines, ElevationLoss(coefficients: coefficients))
    }
}
