import MizanSelection
import MizanSim
import MizanFormats
import MizanProtocol

/// The log-distance model fitted to a trace by least squares (`CalibrationFit`
/// in MizanSelection, which a floor's simulated walk uses too):
/// `rssi = referenceRSSI + offset(till) - 10 * pathLossExponent * log10(d)`,
/// `d` the 3-D distance from the phone's true position to the till (under
/// 0.1 m counts as 0.1 m, as in `PathLoss`), offsets averaging zero over
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

    /// Fits the model (`CalibrationFit`, pure) with the trace as the walk;
    /// "not available" rows are left out. Needs at least two distinct
    /// distances per heard till overall and more rows than unknowns.
    public init(_ trace: RSSITrace) throws(CalibrationError) {
        let fit: CalibrationFit
        do { fit = try CalibrationFit(trace.walk, tills: trace.placements) } catch { throw CalibrationError(error.description) }
        let model = fit.calibration
        referenceRSSI = model.referenceRSSI
        pathLossExponent = model.pathLossExponent
        packetSigma = model.packetSigma
        tillOffsets = model.offsets.map { TillOffset(till: $0.till, offset: $0.offset) }
        samples = fit.samples
        phoneHeight = model.phoneHeight
    }

    /// The fitted model as the position-based strategies take it.
    public var model: TillCalibration {
        TillCalibration(referenceRSSI: referenceRSSI, pathLossExponent: pathLossExponent, packetSigma: packetSigma,
                        offsets: tillOffsets.map { TillCalibration.Offset(till: $0.till, offset: $0.offset) }, phoneHeight: phoneHeight)
    }

    public static let minimumSpread = CalibrationFit.minimumSpread

    /// The radio section a floor file loads: `RadioParameters` property names plus `tillOffsets`.
    /// `packetSigma` (every residual as per-packet spread) is the simple
    /// advertising model's, so the section names that model (`docs/signal-model.md`).
    public var json: String {
        JSONWriter.lines(.spaced).text(.object([
            ("advertising", .string("simple")),
            ("referenceRSSI", .fixed(referenceRSSI, digits: 2)),
            ("pathLossExponent", .fixed(pathLossExponent, digits: 3)),
            ("packetSigma", .fixed(packetSigma, digits: 2)),
            ("phoneHeight", .fixed(phoneHeight, digits: 2)),
            ("tillOffsets", .array(tillOffsets.map { .object([("till", .int(Int($0.till.rawValue))), ("offset", .fixed($0.offset, digits: 2))]) })),
        ]))
    }
}

extension Calibration {
    /// `json`, once it is known to be a calibration its readers take
    /// (`CalibrationFile`: `mizan select --calibration`, `mizan twin --radio`):
    /// a fit they would refuse is refused here, saying why.
    public func checkedJSON() throws(CalibrationError) -> String {
        guard pathLossExponent > 0 else {
            throw CalibrationError("the fitted path-loss exponent is \(Figures.text(pathLossExponent, digits: 3)): in this trace RSSI does not fall with distance, so it gives no path-loss model (a calibration needs an exponent above 0; walk nearer to and farther from the tills)")
        }
        let text = json
        do throws(JSONFileError) {
            _ = try CalibrationFile.read(JSONObjectReader(JSONObjectReader.parse(text, file: "the calibration"), file: "the calibration"))
        } catch {
            throw CalibrationError("the fit cannot be read back as a calibration: \(error)")
        }
        return text
    }
}

public struct CalibrationError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
