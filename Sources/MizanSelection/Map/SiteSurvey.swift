import MizanProtocol
/// What a shop knows about its tills besides their ids: where they stand, the
/// calibrated path-loss model, and optionally the calibration walk it was
/// fitted on. The position-based strategies build their `RadioMap` from it.
public struct SiteSurvey: Hashable, Sendable {
    public let tills: [TillPlacement]
    public let calibration: TillCalibration
    /// Empty when no walk was kept (then `fingerprint` has nothing to learn from).
    public let walk: [SurveySample]

    public init(tills: [TillPlacement], calibration: TillCalibration, walk: [SurveySample] = []) {
        self.tills = tills.sorted { $0.till < $1.till }
        self.calibration = calibration
        self.walk = walk
    }
}
