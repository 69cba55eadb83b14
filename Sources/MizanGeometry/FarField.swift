/// Where a path loss steepens (`PathLoss`): beyond `breakpoint` metres the
/// loss grows by `10 * exponent` dB a decade of distance instead of the
/// near slope's, continuously at the breakpoint (a dual-slope model).
///
/// The floor's default (`RadioParameters.farField`) is the IEEE 802.11n
/// channel models' for a large space, indoors and out (model F: breakpoint
/// 30 m, slope 3.5 beyond it; Erceg et al., "TGn channel models", IEEE
/// 802.11-03/940r4, 2004): their smaller breakpoints (5-20 m, models A-E)
/// lie inside the rooms the near slope was fitted in (the Danis tracks reach
/// 24 m), so taking one would contradict that fit. docs/radio.md.
public struct FarField: Hashable, Sendable {
    /// Where the loss steepens, metres.
    public var breakpoint: Double
    /// The path-loss exponent beyond it.
    public var exponent: Double

    @inlinable
    public init(breakpoint: Double, exponent: Double) {
        self.breakpoint = breakpoint
        self.exponent = exponent
    }

    /// IEEE 802.11n TGn channel model F (a large space): 30 m, 3.5.
    public static let largeSpace = FarField(breakpoint: 30, exponent: 3.5)
}
