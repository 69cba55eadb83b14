import MizanSelection
import MizanProtocol
import MizanSim

/// A selection strategy named and parameterised as a person writes it on the
/// command line or in an experiment file; every parameter not given takes its
/// default.
public struct StrategySpec: Hashable, Sendable {
    public let name: StrategyName
    /// The scoring strategy a wrapper (`hysteresis`, `confident`) wraps.
    public let base: StrategyName?
    /// Every parameter the strategy takes (its own and its base's), defaults filled in.
    public let values: [StrategyParameter: Double]

    /// Checks that `base` is given exactly for wrappers and names a scoring
    /// strategy, and that every value is one the strategy takes and in range.
    public init(name: StrategyName, base: StrategyName? = nil, values given: [(StrategyParameter, Double)] = []) throws(StrategyError) {
        if name.isWrapper {
            guard let base else { throw StrategyError("strategy '\(name.rawValue)' needs a base scoring strategy (one of \(StrategyName.scoringList))") }
            guard !base.isWrapper else { throw StrategyError("the base of '\(name.rawValue)' must be a scoring strategy (\(StrategyName.scoringList)), not '\(base.rawValue)'") }
        } else if base != nil {
            throw StrategyError("strategy '\(name.rawValue)' takes no base")
        }
        let accepted = name.parameters + (base?.parameters ?? [])
        var values: [StrategyParameter: Double] = [:]
        for parameter in accepted { values[parameter] = name.defaultValue(parameter) }
        for (parameter, value) in given {
            guard accepted.contains(parameter) else {
                throw StrategyError("strategy '\(name.rawValue)' has no parameter '\(parameter.rawValue)' (it takes: \(accepted.map(\.rawValue).joined(separator: ", ")))")
            }
            guard value.isFinite, parameter.range.contains(value) else {
                throw StrategyError("\(parameter.rawValue) expects a number from \(Figures.text(parameter.range.lowerBound, digits: 3)) to \(Figures.text(parameter.range.upperBound, digits: 3)) \(parameter.unit), got \(value)")
            }
            values[parameter] = value
        }
        self.name = name
        self.base = base
        self.values = values
    }

    /// The parameters in their listed order (own, then base's).
    public var parameters: [StrategyParameter] { name.parameters + (base?.parameters ?? []) }

    public func value(_ parameter: StrategyParameter) -> Double { values[parameter] ?? name.defaultValue(parameter) }

    /// The same strategy with `window` replaced (an experiment's scan window).
    public func with(window: Double) throws(StrategyError) -> StrategySpec {
        try StrategySpec(name: name, base: base, values: parameters.map { ($0, $0 == .window ? window : value($0)) })
    }

    /// The strategy or its base is position-based and needs a `SiteSurvey`.
    public var needsSurvey: Bool { name.needsSurvey || (base?.needsSurvey ?? false) }

    /// The strategy; `survey` (till placements and calibration) is required
    /// exactly when `needsSurvey`, and ignored otherwise.
    public func strategy(survey: SiteSurvey?) throws(StrategyError) -> SelectionStrategy {
        if needsSurvey, survey == nil {
            throw StrategyError("strategy '\(label)' is position-based: it needs the tills' positions and a calibration (mizan calibrate's output)")
        }
        switch name {
        case .strongest, .mean, .median, .ema, .kalman, .position, .fingerprint: return scoring(name, survey: survey)
        case .hysteresis: return .hysteresis(base: scoring(base ?? .mean, survey: survey), margin: value(.margin))
        case .confident: return .confidentOrWait(base: scoring(base ?? .mean, survey: survey), margin: value(.margin), deadline: .seconds(value(.deadline)))
        }
    }

    /// The strategy of a spec that needs no survey (`needsSurvey` false), or nil.
    public var plainStrategy: SelectionStrategy? { needsSurvey ? nil : try? strategy(survey: nil) }

    private func scoring(_ scorer: StrategyName, survey: SiteSurvey?) -> SelectionStrategy {
        let window = Duration.seconds(value(.window))
        switch scorer {
        case .position, .fingerprint:
            guard let survey else { return .highestMean(window: window) } // never: strategy(survey:) checked
            return .nearestOnMap(window: window, map: RadioMap(survey: survey,
                bandwidth: scorer == .fingerprint ? value(.bandwidth) : 0,
                pathPrior: scorer == .fingerprint ? value(.pathPrior) : 0), motion: PayerMotion(speed: value(.speed)))
        case .strongest: return .strongestSample(window: window)
        case .mean: return .highestMean(window: window)
        case .median: return .highestMedian(window: window)
        case .ema: return .exponentialMean(window: window, timeConstant: .seconds(value(.timeConstant)))
        case .kalman: return .kalman(window: window, processNoise: value(.processNoise), measurementNoise: value(.measurementNoise))
        case .hysteresis, .confident: return .highestMean(window: window) // never: a base is a scoring strategy
        }
    }

    /// `kalman window=1 processNoise=1 measurementNoise=40`, or
    /// `confident(median) margin=3 deadline=3 window=1`: no commas, so it fits a CSV field.
    public var label: String {
        let head = base.map { "\(name.rawValue)(\($0.rawValue))" } ?? name.rawValue
        return ([head] + parameters.map { "\($0.rawValue)=\(Figures.text(value($0), digits: 3))" }).joined(separator: " ")
    }
}

public struct StrategyError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
