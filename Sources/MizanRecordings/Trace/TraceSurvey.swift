import MizanSelection
import MizanProtocol
import MizanFormats
import MizanSim

extension RSSITrace {
    /// The tills as placements a position-based strategy takes.
    public var placements: [TillPlacement] {
        tills.map { TillPlacement(till: $0.id, position: $0.position) }
    }

    /// The rows of `phones` only (in file order), with the same tills.
    public func keeping(phones: [String]) -> RSSITrace {
        RSSITrace(tills: tills, rows: rows.filter { phones.contains($0.phone) })
    }

    /// The whole trace as a calibration walk.
    public var walk: [SurveySample] {
        rows.compactMap { row in
            row.rssi == RSSISample.notAvailable ? nil
                : SurveySample(position: row.position, till: row.till, rssi: row.rssi)
        }
    }

    /// The survey a shop would hold after recording this trace as its
    /// calibration walk: placements, the fit of `Calibration`, and the walk.
    public func survey() throws(CalibrationError) -> SiteSurvey {
        SiteSurvey(tills: placements, calibration: try Calibration(self).model, walk: walk)
    }
}
