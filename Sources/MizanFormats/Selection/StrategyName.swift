/// The selection strategies by the names the command line and experiment
/// files use, with the parameters each takes (`docs/selection-strategies.md`).
public enum StrategyName: String, CaseIterable, Hashable, Sendable {
    case strongest, mean, median, ema, kalman, position, fingerprint, hysteresis, confident

    /// Wrappers take a `base` scoring strategy (and its parameters) besides their own.
    public var isWrapper: Bool {
        switch self {
        case .strongest, .mean, .median, .ema, .kalman, .position, .fingerprint: false
        case .hysteresis, .confident: true
        }
    }

    /// Position-based: needs the tills' placements and a calibration (a `SiteSurvey`);
    /// `fingerprint` also learns from the calibration walk when there is one.
    public var needsSurvey: Bool { self == .position || self == .fingerprint }

    /// The strategy's own parameters, in the order they are listed.
    public var parameters: [StrategyParameter] {
        switch self {
        case .strongest, .mean, .median: [.window]
        case .position: [.window, .speed]
        case .fingerprint: [.window, .bandwidth, .pathPrior, .speed]
        case .ema: [.window, .timeConstant]
        case .kalman: [.window, .processNoise, .measurementNoise]
        case .hysteresis: [.margin]
        case .confident: [.margin, .deadline]
        }
    }

    /// The parameter's default for this strategy: `StrategyParameter.defaultValue`,
    /// except hysteresis's margin (8 dB did best on the Danis tracks; confident's is 3).
    public func defaultValue(_ parameter: StrategyParameter) -> Double {
        if self == .hysteresis && parameter == .margin { return 8 }
        return parameter.defaultValue
    }

    /// The names, for messages: "strongest, mean, ...".
    public static var list: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The scoring strategies (what a wrapper may wrap), for messages.
    public static var scoringList: String { allCases.filter { !$0.isWrapper }.map(\.rawValue).joined(separator: ", ") }
}
