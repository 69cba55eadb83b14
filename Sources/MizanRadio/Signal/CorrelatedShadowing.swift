import MizanGeometry
import MizanTime
import MizanProtocol

/// Shadowing that is spatially correlated: one `CorrelatedField` per till over
/// the floor (walls, shelves and furniture stay where they are, so a phone
/// standing in the same spot sees the same shadowing from a till every time).
///
/// Sources: on the Danis tracks the path-loss fit's residuals correlate 0.30
/// under 0.25 m apart, 0.12 at 1 m and 0.05 beyond 1.5 m (`docs/radio.md`);
/// between *different* tracks at the same spot (which only a fixed field
/// explains) about 0.19 under 0.25 m and 0.10 at 1 m, i.e. about 19 % of the
/// residual variance (2.3 dB of 5.3) with a correlation length of about 1.7 m
/// (`mizan twin` fits both on its training tracks; `docs/signal-model.md`).
public struct CorrelatedShadowing: Sendable {
    public let sigma: Double
    public let correlationLength: Double
    private let fields: [TillID: CorrelatedField]

    /// One field per till, each from its own stream split from `generator` by the till's id.
    public init(tills: [TillID], sigma: Double, correlationLength: Double, generator: SeededGenerator) {
        self.sigma = sigma
        self.correlationLength = correlationLength
        var fields: [TillID: CorrelatedField] = [:]
        for till in tills {
            var stream = generator.split("shadowing/\(till.rawValue)")
            fields[till] = CorrelatedField(sigma: sigma, correlationLength: correlationLength, generator: &stream)
        }
        self.fields = fields
    }

    /// dB added to the till's mean RSSI at the phone's position (0 for a till it was not built for).
    public func shadowing(till: TillID, at position: Position) -> Double {
        fields[till]?.value(at: position) ?? 0
    }
}
