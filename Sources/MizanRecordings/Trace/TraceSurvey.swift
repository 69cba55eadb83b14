import MizanSelection
import MizanProtocol
import MizanFormats
import MizanSim

extension RSSITrace {
    /// The tills as placements a position-based strategy takes.
    public var placements: [TillPlacement] {
        tills.map { TillPlacement(till: $0.id, x: $0.position.x, y: $0.position.y, z: $0.position.z) }
    }

    /// The rows of `phones` only (in file order), with the same tills.
    public func keeping(phones: [String]) -> RSSITrace {
        RSSITrace(tills: tills, rows: rows.filter { phones.contains($0.phone) })
    }

    /// The whole trace as a calibration walk.
    public var walk: [SurveySample] {
        rows.compactMap { row in
            row.rssi == RSSISample.notAvailable ? nil
                : SurveySample(x: row.position.x, y: row.position.y, z: row.position.z, till: row.till, rssi: row.rssi)
        }
    }

    /// The survey a shop would hold after recording this trace as its
    /// calibration walk: placements, the fit of `Calibration`, and the walk.
    public func survey() throws(CalibrationError) -> SiteSurvey {
        SiteSurvey(tills: placements, calibration: try Calibration(self).model, walk: walk)
    }
}
