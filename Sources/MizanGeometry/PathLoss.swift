/// Log-distance path loss, the one formula every part of the simulator takes
/// a mean RSSI from (the floor's advertising and links, the first radio, the
/// twin and its fit, the calibration fit and the selection strategies' maps):
///
///     mean RSSI = referenceRSSI - 10 * exponent * log10(max(d, 0.1))
///               - 10 * (farExponent - exponent) * log10(d / breakpoint)   beyond the breakpoint
///
/// dBm at `d` metres, distances under 10 cm counting as 10 cm. Beyond
/// `breakpoint` (none unless given: infinity) the loss steepens to
/// `farExponent`, continuously (a dual-slope model, `FarField`). The parameters
/// and their sources are the callers' (`RadioParameters`, `SignalParameters`,
/// `TillCalibration`, docs/radio.md, docs/signal-model.md).
///
/// The logarithm is the caller's, since three are in use and each caller keeps
/// its own arithmetic: the C library's (`meanRSSI(log10Distance:)`: packets
/// drawn afresh and links, the twin's fit), the standard library's series
/// (`meanRSSI(distance:)`, `Logarithm`: the phone-side selection code and the
/// calibration fit, which import no C library), and the signal model's table
/// of decibels (`meanRSSI(decibelsOfDistance:)`, 10 log10 d at once: the held
/// signals of the floor, its walk and the twin). They agree within 1e-12 dB
/// (`SignalConsumersTests`).
public struct PathLoss: Hashable, Sendable {
    /// Mean RSSI at 1 m, dBm.
    public var referenceRSSI: Double
    /// Path-loss exponent.
    public var exponent: Double
    /// Where the loss steepens, metres (`FarField`; infinity: never), and
    /// `10 * log10` of it, what the decibels are compared with.
    public internal(set) var breakpoint: Double = .infinity
    public internal(set) var breakpointDecibels: Double = .infinity
    /// The exponent beyond the breakpoint.
    public internal(set) var farExponent: Double = 0

    /// The nearest distance the formula tells apart, metres.
    public static let nearest = 0.1

    @inlinable
    public init(referenceRSSI: Double, exponent: Double) {
        self.referenceRSSI = referenceRSSI
        self.exponent = exponent
    }

    /// A path loss that steepens to `farField.exponent` beyond `farField.breakpoint` (nil: never).
    public init(referenceRSSI: Double, exponent: Double, farField: FarField?) {
        self.init(referenceRSSI: referenceRSSI, exponent: exponent)
        if let farField {
            breakpoint = farField.breakpoint
            breakpointDecibels = 10 * Logarithm.decimal(farField.breakpoint)
            farExponent = farField.exponent
        }
    }

    /// This path loss with the near slope `exponent` (a till's own), the same far field.
    @inlinable
    public func withExponent(_ exponent: Double) -> PathLoss {
        var copy = self
        copy.exponent = exponent
        return copy
    }

    /// The far field this path loss has, if any.
    public var farField: FarField? {
        breakpoint.isFinite ? FarField(breakpoint: breakpoint, exponent: farExponent) : nil
    }

    /// `distance`, or `nearest` if nearer: what the logarithm is taken of.
    @inlinable
    public static func clamped(_ distance: Double) -> Double {
        Swift.max(distance, nearest)
    }

    /// Mean RSSI from `log10(clamped(d))`.
    @inlinable
    public func meanRSSI(log10Distance: Double) -> Double {
        let near = referenceRSSI - 10 * exponent * log10Distance
        guard 10 * log10Distance > breakpointDecibels else { return near }
        return near - (farExponent - exponent) * (10 * log10Distance - breakpointDecibels)
    }

    /// Mean RSSI from `10 * log10(clamped(d))` (a table's decibels).
    @inlinable
    public func meanRSSI(decibelsOfDistance: Double) -> Double {
        let near = referenceRSSI - exponent * decibelsOfDistance
        // Within the breakpoint (and with none, at every distance) the one slope, unchanged.
        guard decibelsOfDistance > breakpointDecibels else { return near }
        return near - (farExponent - exponent) * (decibelsOfDistance - breakpointDecibels)
    }

    /// Mean RSSI at `distance` metres, by the standard library's logarithm (`Logarithm`).
    @inlinable
    public func meanRSSI(distance: Double) -> Double {
        meanRSSI(log10Distance: Logarithm.decimal(Self.clamped(distance)))
    }

    /// The regressor of a linear fit, `-10 * log10(clamped(d))`: mean RSSI is
    /// `referenceRSSI + exponent * regressor` (`CalibrationFit`, `TwinFit`).
    @inlinable
    public static func regressor(distance: Double) -> Double {
        -10 * Logarithm.decimal(clamped(distance))
    }
}
