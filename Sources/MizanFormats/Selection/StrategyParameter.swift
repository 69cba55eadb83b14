/// One numeric parameter of a selection strategy: its name in experiment files,
/// its command-line flag, its unit, range and default. The defaults were chosen
/// on the Danis tracks (README, "Choosing the nearest till").
public enum StrategyParameter: String, CaseIterable, Hashable, Sendable {
    case window, timeConstant, processNoise, measurementNoise, margin, deadline, bandwidth, pathPrior, speed

    public var flag: String {
        switch self {
        case .window: "--window"
        case .timeConstant: "--time-constant"
        case .processNoise: "--process-noise"
        case .measurementNoise: "--measurement-noise"
        case .margin: "--margin"
        case .deadline: "--deadline"
        case .bandwidth: "--bandwidth"
        case .pathPrior: "--path-prior"
        case .speed: "--speed"
        }
    }

    public var unit: String {
        switch self {
        case .window, .timeConstant, .deadline: "s"
        case .processNoise: "dB² per s"
        case .measurementNoise: "dB²"
        case .margin: "dB"
        case .bandwidth, .pathPrior: "m"
        case .speed: "m/s"
        }
    }

    public var range: ClosedRange<Double> {
        switch self {
        case .window: 0.01...60
        case .timeConstant: 0...60
        case .processNoise: 0...10_000
        case .measurementNoise: 0.01...10_000
        case .margin: 0...100
        case .deadline: 0...60
        case .bandwidth, .pathPrior: 0...10
        case .speed: 0...5
        }
    }

    public var defaultValue: Double {
        switch self {
        case .window: 1
        case .timeConstant: 0.5
        case .processNoise: 2
        case .measurementNoise: 40
        case .margin: 3
        case .deadline: 3
        // Fingerprint kernel and walk prior, metres: what most folds of `mizan
        // evaluate` (leave-one-track-out on the Danis tracks) chose: pathPrior 0.5
        // in all six, bandwidth 1 in four (README, "Choosing the nearest till"). 0 turns each off.
        case .bandwidth: 1
        case .pathPrior: 0.5
        // The payer's motion model (PayerMotion): 0 is standing still. Kept at 0:
        // leave-one-track-out on the Danis tracks found no gain from a walking
        // payer's motion model (README, "Choosing the nearest till").
        case .speed: 0
        }
    }
}
