import MizanFormats
import MizanSim

/// A strategy family and the parameter values cross-validation tunes it over.
/// The window is fixed (a product choice: how long a phone may scan); every
/// other parameter is chosen on the training tracks. The grids are listed in
/// `docs/selection-strategies.md`.
public struct TuningGrid: Sendable {
    public let family: String
    /// In order; a tie in tuning goes to the earlier candidate.
    public let candidates: [StrategySpec]

    public init(family: String, candidates: [StrategySpec]) {
        self.family = family
        self.candidates = candidates
    }

    /// Every combination of `axes` for `name` (and `base`) at `window`.
    public static func grid(_ family: String, _ name: StrategyName, base: StrategyName? = nil, window: Double,
                            _ axes: [(StrategyParameter, [Double])] = []) throws(StrategyError) -> TuningGrid {
        var combinations: [[(StrategyParameter, Double)]] = [[(.window, window)]]
        for (parameter, values) in axes {
            combinations = combinations.flatMap { prefix in values.map { prefix + [(parameter, $0)] } }
        }
        var candidates: [StrategySpec] = []
        for values in combinations { candidates.append(try StrategySpec(name: name, base: base, values: values)) }
        return TuningGrid(family: family, candidates: candidates)
    }

    /// The margins `confident` and `hysteresis` are tuned over, dB.
    public static let margins: [Double] = [1, 2, 3, 4, 6, 8]
    /// The fingerprint's kernel and walk prior, metres (0 turns each off).
    public static let mapWidths: [Double] = [0, 0.5, 1]

    /// The motion model's walking speeds, m/s: standing, strolling, walking
    /// (PayerMotion: comfortable walking 1.27-1.46 m/s, Bohannon 1997).
    public static let speeds: [Double] = [0, 0.65, 1.3]

    /// The families `mizan evaluate` compares, at `window` seconds.
    public static func standard(window: Double) throws(StrategyError) -> [TuningGrid] {
        [
            try grid("strongest", .strongest, window: window),
            try grid("mean", .mean, window: window),
            try grid("median", .median, window: window),
            try grid("ema", .ema, window: window, [(.timeConstant, [0.25, 0.5, 1, 2])]),
            try grid("kalman", .kalman, window: window, [(.processNoise, [0.5, 2, 8, 32]), (.measurementNoise, [10, 40, 160])]),
            try grid("hysteresis(mean)", .hysteresis, base: .mean, window: window, [(.margin, margins)]),
            try grid("confident(strongest)", .confident, base: .strongest, window: window, [(.margin, margins)]),
            try grid("position", .position, window: window),
            try grid("fingerprint", .fingerprint, window: window, [(.bandwidth, mapWidths), (.pathPrior, mapWidths)]),
            try grid("position+motion", .position, window: window, [(.speed, speeds)]),
            try grid("fingerprint+motion", .fingerprint, window: window, [(.bandwidth, mapWidths), (.pathPrior, mapWidths), (.speed, speeds)]),
            try grid("hysteresis(fingerprint)", .hysteresis, base: .fingerprint, window: window,
                     [(.margin, [1, 3, 6]), (.bandwidth, [0.5, 1]), (.pathPrior, [0.5, 1])]),
            try grid("confident(fingerprint)", .confident, base: .fingerprint, window: window,
                     [(.margin, [1, 3, 6]), (.bandwidth, [0.5, 1]), (.pathPrior, [0.5, 1])]),
        ]
    }
}
