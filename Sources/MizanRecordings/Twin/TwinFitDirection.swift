import MizanGeometry
import MizanProtocol
import MizanRadio
import MizanSim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum TwinFitDirection {
    /// One training row less its till's line: till, time, place, track (its index in the
    /// trace's phones), the residual, and the angle from where its carrier faced to the till.
    struct ResidualPoint {
        let till: TillID
        let t: Double
        let x: Double
        let y: Double
        let phone: Int
        var residual: Double
        let angle: Double
    }

    /// The training rows as residuals from `lines`, track by track, each with the angle
    /// between its carrier's heading (recorded, or the way they walked: `RecordedPath`)
    /// and the bearing to its till.
    static func residuals(_ trace: RSSITrace, lines: TwinFitLines.Lines, calibration: Calibration,
                          tillPositions: [TillID: Position]) -> [ResidualPoint] {
        var points: [ResidualPoint] = []
        var byPhone: [String: [RSSITrace.Row]] = [:]
        for row in trace.rows where row.rssi != RSSISample.notAvailable { byPhone[row.phone, default: []].append(row) }
        for (phoneIndex, phone) in trace.phones.enumerated() {
            let path = RecordedPath(byPhone[phone] ?? [])
            for row in byPhone[phone] ?? [] {
                guard let position = tillPositions[row.till] else { continue }
                let pathLoss = PathLoss(referenceRSSI: calibration.referenceRSSI, exponent: lines.exponents[row.till] ?? calibration.pathLossExponent)
                let mean = pathLoss.meanRSSI(log10Distance: log10(PathLoss.clamped(row.position.distance(to: position))))
                    + (lines.offsets[row.till] ?? 0)
                    - lines.elevation.loss(till: row.till, tillPosition: position, phone: row.position)
                let bearing = DirectionGain.bearing(fromX: row.position.x, y: row.position.y, toX: position.x, toY: position.y)
                points.append(ResidualPoint(till: row.till, t: row.t, x: row.position.x, y: row.position.y, phone: phoneIndex,
                                            residual: Double(row.rssi) - mean, angle: bearing - path.heading(at: row.t)))
            }
        }
        return points
    }

    /// The carried device's gain by direction (`DirectionGain`): the residuals' cosine and sine
    /// of the angle, each centred on its till's mean (the lines were fitted at those means), by
    /// least squares. Each till's offset moves to the gain's zero, and the residuals lose what
    /// the gain explains before the rest of the fit splits them.
    static func direction(_ points: inout [ResidualPoint], offsets: inout [TillID: Double]) -> DirectionGain {
        var sums: [TillID: (cos: Double, sin: Double, n: Double)] = [:]
        for point in points { let s = sums[point.till] ?? (0, 0, 0); sums[point.till] = (s.cos + cos(point.angle), s.sin + sin(point.angle), s.n + 1) }
        func centred(_ point: ResidualPoint) -> (c: Double, s: Double) {
            let s = sums[point.till] ?? (0, 0, 1)
            return (cos(point.angle) - s.cos / s.n, sin(point.angle) - s.sin / s.n)
        }
        var cc = 0.0, cs = 0.0, ss = 0.0, cr = 0.0, sr = 0.0
        for point in points {
            let (c, s) = centred(point)
            cc += c * c; cs += c * s; ss += s * s; cr += c * point.residual; sr += s * point.residual
        }
        // A singular system (every angle the same, or no rows) fits no gain.
        let determinant = cc * ss - cs * cs
        let solvable = determinant > 1e-9 * Swift.max(1, cc * ss)
        let p = solvable ? (cr * ss - sr * cs) / determinant : 0
        let q = solvable ? (sr * cc - cr * cs) / determinant : 0
        let direction = DirectionGain(swing: 2 * (p * p + q * q).squareRoot(), best: atan2(q, p))
        for (till, s) in sums where s.n > 0 {
            offsets[till] = (offsets[till] ?? 0) - (-direction.swing / 2 + p * s.cos / s.n + q * s.sin / s.n)
        }
        for index in points.indices {
            let (c, s) = centred(points[index])
            points[index].residual -= p * c + q * s
        }
        return direction
    }
}
