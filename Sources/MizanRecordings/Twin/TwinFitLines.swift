import MizanGeometry
import MizanProtocol
import MizanRadio
import MizanSim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension TwinFit {
    /// Each till's line and what the fit moved it by: the offsets from the
    /// reference RSSI, the exponents, the loss toward steep angles.
    struct Lines {
        var offsets: [TillID: Double]
        var exponents: [TillID: Double]
        let elevation: ElevationLoss
    }

    /// Each till's own line, rssi = a + b x with x = -10 log10 d (the Danis
    /// receivers' exponents differ), less the loss toward steep angles of the
    /// tills' mounting height (`ElevationLoss`, when `elevation`), fitted
    /// jointly; offset = a - reference. The residuals the rest of the fit
    /// splits are from these lines. A till with too few rows for a line keeps
    /// the calibration's offset and the shared exponent.
    static func lines(_ trace: RSSITrace, calibration: Calibration, tillPositions: [TillID: Position], elevation: Bool) -> Lines {
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
        var exponents: [TillID: Double] = [:]
        for entry in calibration.tillOffsets {
            guard let line = fit.lines[entry.till] else { continue }
            exponents[entry.till] = line.b
            offsets[entry.till] = line.a - calibration.referenceRSSI
        }
        return Lines(offsets: offsets, exponents: exponents, elevation: fit.loss)
    }
}
