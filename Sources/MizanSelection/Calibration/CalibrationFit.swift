import MizanProtocol
import MizanGeometry
/// The log-distance model fitted to a calibration walk by least squares
/// (`mizan calibrate`, `docs/calibration.md`):
/// `rssi = referenceRSSI + offset(till) - 10 * pathLossExponent * log10(d)`,
/// `d` the 3-D distance from where the phone truly was to the till (under
/// 0.1 m counts as 0.1 m, as in the simulator's path loss), offsets averaging
/// zero over the tills heard. `packetSigma` is the residuals' standard
/// deviation: everything the mean model does not hold (shadowing, fading,
/// body, spread). Pure: a recorded walk (`mizan calibrate`) and a floor's
/// simulated one (a floor file's `walk`) are fitted alike.
public struct CalibrationFit: Hashable, Sendable {
    public let calibration: TillCalibration
    /// The readings fitted (from tills on the plan, "not available" left out).
    public let samples: Int

    /// The least spread of `10 log10(distance)` within tills (pooled standard
    /// deviation, dB) that fits an exponent: 0.5 dB is distances varying by about 12%.
    public static let minimumSpread = 0.5

    /// Needs at least two distinct distances per heard till overall, a spread
    /// of distances, and more readings than unknowns; readings from a till not
    /// in `tills` are left out.
    public init(_ walk: [SurveySample], tills: [TillPlacement]) throws(CalibrationFitError) {
        let placements = tills.sorted { $0.till < $1.till }
        var groups = [[(x: Double, r: Double)]](repeating: [], count: placements.count)
        let ids = placements.map(\.till)
        var heights = 0.0
        for sample in walk where sample.rssi != RSSISample.notAvailable {
            guard let index = RadioMap.index(of: sample.till, in: ids) else { continue }
            let till = placements[index]
            heights += sample.z
            let x = PathLoss.regressor(distance: sample.position.distance(to: till.position))
            groups[index].append((x, Double(sample.rssi)))
        }
        let heard = placements.indices.filter { !groups[$0].isEmpty }
        let count = groups.reduce(0) { $0 + $1.count }
        guard count > heard.count + 1 else { throw CalibrationFitError("too few rows to fit (\(count) for \(heard.count + 1) unknowns)") }
        // Within each till, regress RSSI on x; the slope is shared (the exponent).
        var sxy = 0.0, sxx = 0.0
        var means: [(x: Double, r: Double)] = []
        for index in heard {
            let points = groups[index]
            let mx = points.reduce(0) { $0 + $1.x } / Double(points.count)
            let mr = points.reduce(0) { $0 + $1.r } / Double(points.count)
            means.append((mx, mr))
            for point in points {
                sxy += (point.x - mx) * (point.r - mr)
                sxx += (point.x - mx) * (point.x - mx)
            }
        }
        guard sxx > 0 else { throw CalibrationFitError("every till was heard from one distance only: the exponent cannot be fitted") }
        // A walk must move nearer and farther: rounding alone gives a tiny spread and a meaningless slope.
        let spread = (sxx / Double(count)).squareRoot()
        guard spread >= Self.minimumSpread else {
            let shown = (spread * 1000).rounded() / 1000
            throw CalibrationFitError("the walk has no spread in distance: 10·log10(distance) to each till varies by \(shown) dB (standard deviation within tills), under the \(Self.minimumSpread) needed (distances varying by about 12%): record a walk nearer to and farther from the tills")
        }
        let exponent = sxy / sxx
        let intercepts = means.map { $0.r - exponent * $0.x }
        let reference = intercepts.reduce(0, +) / Double(intercepts.count)
        var residuals = 0.0
        for (slot, index) in heard.enumerated() {
            for point in groups[index] {
                let residual = point.r - (intercepts[slot] + exponent * point.x)
                residuals += residual * residual
            }
        }
        calibration = TillCalibration(
            referenceRSSI: reference, pathLossExponent: exponent,
            packetSigma: (residuals / Double(count - heard.count - 1)).squareRoot(),
            offsets: heard.enumerated().map { TillCalibration.Offset(till: placements[$0.element].till, offset: intercepts[$0.offset] - reference) },
            phoneHeight: heights / Double(count))
        samples = count
    }
}

public struct CalibrationFitError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
