import MizanSim
import MizanFormats
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MizanProtocol

/// The log-distance model fitted to a trace by least squares:
/// `rssi = referenceRSSI + offset(till) - 10 * pathLossExponent * log10(d)`,
/// `d` the 3-D distance from the phone's true position to the till (under
/// 0.1 m counts as 0.1 m, as in `PathLossModel`), offsets averaging zero over
/// the tills heard. `packetSigma` is the residuals' standard deviation: it holds
/// everything the mean model does not (shadowing, fading, body, spread).
public struct Calibration: Hashable, Sendable {
    public struct TillOffset: Hashable, Sendable {
        public let till: TillID
        public let offset: Double
    }

    public let referenceRSSI: Double
    public let pathLossExponent: Double
    public let packetSigma: Double
    /// Heard tills, ascending id.
    public let tillOffsets: [TillOffset]
    public let samples: Int
    /// The mean height of the phone over the rows fitted, metres: where a
    /// position-based strategy assumes the phone is held.
    public let phoneHeight: Double

    /// Fits the model; "not available" rows are left out. Needs at least two
    /// distinct distances per heard till overall and more rows than unknowns.
    public init(_ trace: RSSITrace) throws(CalibrationError) {
        let positions = Dictionary(uniqueKeysWithValues: trace.tills.map { ($0.id, $0.position) })
        var groups: [TillID: [(x: Double, r: Double)]] = [:]
        var heights = 0.0
        for row in trace.rows where row.rssi != RSSISample.notAvailable {
            guard let till = positions[row.till] else { continue }
            heights += row.position.z
            let x = -10 * log10(Swift.max(row.position.distance(to: till), 0.1))
            groups[row.till, default: []].append((x, Double(row.rssi)))
        }
        let tills = groups.keys.sorted()
        let count = groups.values.reduce(0) { $0 + $1.count }
        guard count > tills.count + 1 else { throw CalibrationError("too few rows to fit (\(count) for \(tills.count + 1) unknowns)") }
        // Within each till, regress RSSI on x; the slope is shared (the exponent).
        var sxy = 0.0, sxx = 0.0
        var means: [TillID: (x: Double, r: Double)] = [:]
        for till in tills {
            let points = groups[till] ?? []
            let mx = points.reduce(0) { $0 + $1.x } / Double(points.count)
            let mr = points.reduce(0) { $0 + $1.r } / Double(points.count)
            means[till] = (mx, mr)
            for point in points {
                sxy += (point.x - mx) * (point.r - mr)
                sxx += (point.x - mx) * (point.x - mx)
            }
        }
        guard sxx > 0 else { throw CalibrationError("every till was heard from one distance only: the exponent cannot be fitted") }
        // A walk must move nearer and farther: rounding alone gives a tiny spread and a meaningless slope.
        let spread = (sxx / Double(count)).squareRoot()
        guard spread >= Self.minimumSpread else {
            throw CalibrationError("the walk has no spread in distance: 10·log10(distance) to each till varies by \(JSONText.number(spread, digits: 3)) dB (standard deviation within tills), under the \(Self.minimumSpread) needed (distances varying by about 12%): record a walk nearer to and farther from the tills")
        }
        let exponent = sxy / sxx
        let intercepts = tills.map { till in (till, (means[till]?.r ?? 0) - exponent * (means[till]?.x ?? 0)) }
        let reference = intercepts.reduce(0) { $0 + $1.1 } / Double(intercepts.count)
        var residuals = 0.0
        for (till, intercept) in intercepts {
            for point in groups[till] ?? [] {
                let residual = point.r - (intercept + exponent * point.x)
                residuals += residual * residual
            }
        }
        referenceRSSI = reference
        pathLossExponent = exponent
        packetSigma = (residuals / Double(count - tills.count - 1)).squareRoot()
        tillOffsets = intercepts.map { TillOffset(till: $0.0, offset: $0.1 - reference) }
        samples = count
        phoneHeight = heights / Double(count)
    }

    /// The fitted model as the position-based strategies take it.
    public var model: TillCalibration {
        TillCalibration(referenceRSSI: referenceRSSI, pathLossExponent: pathLossExponent, packetSigma: packetSigma,
                        offsets: tillOffsets.map { TillCalibration.Offset(till: $0.till, offset: $0.offset) }, phoneHeight: phoneHeight)
    }

    /// The least spread of `10 log10(distance)` within tills (pooled standard
    /// deviation, dB) that fits an exponent: 0.5 dB is distances varying by about 12%.
    public static let minimumSpread = 0.5

    /// The radio section a floor file loads: `RadioParameters` property names plus `tillOffsets`.
    /// `packetSigma` (every residual as per-packet spread) is the simple
    /// advertising model's, so the section names that model (`docs/signal-model.md`).
    public var json: String {
        let offsets = tillOffsets.map { JSONText.object([("till", String($0.till.rawValue)), ("offset", JSONText.number($0.offset, digits: 2))]) }
        return "{\n"
            + "  \"advertising\": \"simple\",\n"
            + "  \"referenceRSSI\": \(JSONText.number(referenceRSSI, digits: 2)),\n"
            + "  \"pathLossExponent\": \(JSONText.number(pathLossExponent, digits: 3)),\n"
            + "  \"packetSigma\": \(JSONText.number(packetSigma, digits: 2)),\n"
            + "  \"phoneHeight\": \(JSONText.number(phoneHeight, digits: 2)),\n"
            + "  \"tillOffsets\": [\n    " + offsets.joined(separator: ",\n    ") + "\n  ]\n}"
    }
}

public struct CalibrationError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
