/// The selection strategies by the names the command line and experiment
/// files use, with the parameters each takes (`docs/selection-strategies.md`).
public enum StrategyName: String, CaseIterable, Hashable, Sendable {
    case strongest, mean, median, ema, kalman, hysteresis, confident

    /// Wrappers take a `base` scoring strategy (and its parameters) besides their own.
    public var isWrapper: Bool {
        switch self {
        case .strongest, .mean, .median, .ema, .kalman: false
        case .hysteresis, .confident: true
        }
    }

    /// The strategy's own parameters, in the order they are listed.
    public var parameters: [StrategyParameter] {
        switch self {
        case .strongest, .mean, .median: [.window]
        case .ema: [.window, .timeConstant]
        case .kalman: [.window, .processNoise, .measurementNoise]
        case .hysteresis: [.margin]
        case .confident: [.margin, .deadline]
        }
    }

    /// The names, for messages: "strongest, mean, ...".
    public static var list: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
