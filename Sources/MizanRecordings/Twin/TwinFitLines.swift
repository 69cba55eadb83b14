import MizanGeometry
import MizanProtocol
import MizanRadio
import MizanSim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum TwinFitLines {
    /// Each till's line and what the fit moved it by: the offsets from the
    /// reference RSSI, the exponents, the loss toward steep angles.
    struct Lines {
        var offsets: [TillID: Double]
        var exponents: [TillID: Double]
        let elevation: ElevationLoss
        /// Per till, the share of its own exponent's difference from the shared one it keeps (`ExponentShrinkage`; 1 when not drawn).
        let kept: [TillID: Double]
    }

    /// Each till's own line, rssi = a + b x with x = -10 log10 d (the Danis
    /// receivers' exponents differ), less the loss toward steep angles of the
    /// tills' mounting height (`ElevationLoss`, when `elevation`), fitted
    /// jointly; offset = a - reference. The residuals the rest of the fit
    /// splits are from these lines. A till with too few rows for a line keeps
    /// the calibration's offset and the shared exponent. With `shrink`, each
    /// till's exponent is drawn toward the shared one (`ExponentShrinkage`).
    static func lines(_ trace: RSSITrace, calibration: Calibration, tillPositions: [TillID: Position],
                      elevation: Bool, shrink: Bool) -> Lines {
        var offsets: [TillID: Double] = [:]
        for entry in calibration.tillOffsets { offsets[entry.till] = entry.offset }
        var readings: [ElevationLoss.Reading] = []
        for row in trace.rows where row.rssi != RSSISample.notAvailable {
            guard let position = tillPositions[row.till] else { continue }
            readings.append(ElevationLoss.Reading(till: row.till, x: -10 * log10(PathLoss.clamped(row.position.distance(to: position))),
                                                  sine: elevation ? ElevationLoss.sine(till: position, phone: row.position) : 0,
                                                  rssi: Double(row.rssi)))
        }
        let fit = ElevationLoss.fitted(readings, tills: trace.tills)
        var own = fit.lines, kept = fit.lines.mapValues { _ in 1.0 }
        if shrink {
            (own, kept) = ExponentShrinkage.shrunk(lines: fit.lines, readings: groupReadings(trace, tillPositions: tillPositions, elevation: fit.loss),
                                                   shared: calibration.pathLossExponent)
        }
        var exponents: [TillID: Double] = [:]
        for entry in calibration.tillOffsets {
            guard let line = own[entry.till] else { continue }
            exponents[entry.till] = line.b
            offsets[entry.till] = line.a - calibration.referenceRSSI
        }
        return Lines(offsets: offsets, exponents: exponents, elevation: fit.loss, kept: kept)
    }

    /// The rows the tills' lines were fitted to, each in its group: its track's rows cut into
    /// `ExponentShrinkage.groupsPerTrack` spans of equal time.
    static func groupReadings(_ trace: RSSITrace, tillPositions: [TillID: Position], elevation: ElevationLoss) -> [ExponentShrinkage.Reading] {
        var span: [String: (first: Double, last: Double)] = [:]
        for row in trace.rows where row.rssi != RSSISample.notAvailable {
            let s = span[row.phone] ?? (row.t, row.t)
            span[row.phone] = (Swift.min(s.first, row.t), Swift.max(s.last, row.t))
        }
        let track = Dictionary(uniqueKeysWithValues: trace.phones.enumerated().map { ($0.element, $0.offset) })
        let parts = ExponentShrinkage.groupsPerTrack
        var readings: [ExponentShrinkage.Reading] = []
        for row in trace.rows where row.rssi != RSSISample.notAvailable {
            guard let position = tillPositions[row.till], let s = span[row.phone], let index = track[row.phone] else { continue }
            let fraction = s.last > s.first ? (row.t - s.first) / (s.last - s.first) : 0
            let part = Swift.min(parts - 1, Int(fraction * Double(parts)))
            readings.append(ExponentShrinkage.Reading(till: row.till, group: index * parts + part,
                                                      x: -10 * log10(PathLoss.clamped(row.position.distance(to: position))),
                                                      value: Double(row.rssi) + elevation.loss(till: row.till, tillPosition: position, phone: row.position)))
        }
        return readings
    }
}
