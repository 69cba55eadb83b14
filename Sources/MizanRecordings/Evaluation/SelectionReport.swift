import MizanFormats
/// What `mizan select` prints: a few lines of text, or one JSON object.
public enum SelectionReport {
    public static func text(_ a: SelectionAccuracy, strategy: StrategySpec, every: Double) -> String {
        func percent(_ value: Double) -> String { Figures.percent(value) + (value.isFinite ? " %" : "") }
        return """
        strategy: \(strategy.label), a session every \(Figures.text(every, digits: 3)) s
        sessions: \(a.sessions), decided: \(a.decided) (\(percent(a.decidedFraction)))
        chose the nearest till: \(a.right) of \(a.sessions) (\(percent(a.accuracy)))
        where the nearest is at least 1 m closer than the second: \(a.clearRight) of \(a.clearSessions) (\(percent(a.clearAccuracy)))
        median extra distance to the chosen till: \(a.medianExtraDistance.map { Figures.text($0, digits: 2) + " m" } ?? "n/a")
        time to decide: \(a.timeToDecide.p50.map { "p50 \(Figures.text($0, digits: 2)) s, p99 \(Figures.text(a.timeToDecide.p99 ?? 0, digits: 2)) s" } ?? "n/a")
        """
    }

    public static func json(_ a: SelectionAccuracy, strategy: StrategySpec, every: Double) -> String {
        func n(_ value: Double?) -> JSON { .figure(value) }
        return JSON.object([
            ("strategy", .string(strategy.label)),
            ("every", n(every)),
            ("sessions", .int(a.sessions)),
            ("decided", .int(a.decided)),
            ("right", .int(a.right)),
            ("accuracy", n(a.accuracy)),
            ("clearSessions", .int(a.clearSessions)),
            ("clearRight", .int(a.clearRight)),
            ("clearAccuracy", n(a.clearAccuracy)),
            ("medianExtraDistance", n(a.medianExtraDistance)),
            ("decideP50", n(a.timeToDecide.p50)),
            ("decideP99", n(a.timeToDecide.p99)),
        ]).spaced
    }
}
