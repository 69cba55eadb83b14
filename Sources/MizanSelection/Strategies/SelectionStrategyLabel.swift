import MizanProtocol
extension SelectionStrategy {
    /// A short description for summaries: `confident(strongest) margin=3.0
    /// deadline=3.0 window=1.0`, `fingerprint bandwidth=0.5 pathPrior=0.5 window=1.0`.
    public var label: String {
        func seconds(_ duration: Duration) -> String { "\(duration / .seconds(1))" }
        switch self {
        case let .strongestSample(window): return "strongest window=\(seconds(window))"
        case let .highestMean(window): return "mean window=\(seconds(window))"
        case let .highestMedian(window): return "median window=\(seconds(window))"
        case let .exponentialMean(window, timeConstant): return "ema timeConstant=\(seconds(timeConstant)) window=\(seconds(window))"
        case let .kalman(window, processNoise, measurementNoise):
            return "kalman processNoise=\(processNoise) measurementNoise=\(measurementNoise) window=\(seconds(window))"
        case let .nearestOnMap(window, map, motion):
            return "\(map.kind)" + (motion.speed > 0 ? " speed=\(motion.speed)" : "") + " window=\(seconds(window))"
        case let .hysteresis(base, margin):
            let inner = base.label.split(separator: " ", maxSplits: 1)
            return "hysteresis(\(inner[0])) margin=\(margin)" + (inner.count > 1 ? " \(inner[1])" : "")
        case let .confidentOrWait(base, margin, deadline):
            let inner = base.label.split(separator: " ", maxSplits: 1)
            return "confident(\(inner[0])) margin=\(margin) deadline=\(seconds(deadline))" + (inner.count > 1 ? " \(inner[1])" : "")
        }
    }
}
