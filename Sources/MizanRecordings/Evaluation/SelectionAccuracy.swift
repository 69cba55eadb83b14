import MizanSim

/// How well a strategy chose on a trace: what `mizan select` prints.
public struct SelectionAccuracy: Hashable, Sendable {
    public let sessions: Int
    public let decided: Int
    public let right: Int
    /// Sessions where the nearest till was at least 1 m closer than the second, and how many of those were right.
    public let clearSessions: Int
    public let clearRight: Int
    /// Median over decided sessions of (distance to the chosen till - distance to the nearest), metres.
    public let medianExtraDistance: Double?
    /// Seconds from a session's start to its decision, over decided sessions.
    public let timeToDecide: Percentiles

    public init(_ decisions: [TraceDecision]) {
        sessions = decisions.count
        decided = decisions.filter { $0.chosen != nil }.count
        right = decisions.filter(\.isRight).count
        let clear = decisions.filter(\.isClear)
        clearSessions = clear.count
        clearRight = clear.filter(\.isRight).count
        let extra = decisions.compactMap { decision in decision.chosenDistance.map { $0 - decision.nearestDistance } }.sorted()
        medianExtraDistance = extra.isEmpty ? nil
            : extra.count % 2 == 1 ? extra[extra.count / 2] : (extra[extra.count / 2 - 1] + extra[extra.count / 2]) / 2
        timeToDecide = Percentiles(decisions.filter { $0.chosen != nil }.map { $0.at - $0.start })
    }

    /// Right over all sessions (a session that never decided is not right).
    public var accuracy: Double { Self.ratio(right, sessions) }
    public var clearAccuracy: Double { Self.ratio(clearRight, clearSessions) }
    public var decidedFraction: Double { Self.ratio(decided, sessions) }

    static func ratio(_ part: Int, _ whole: Int) -> Double { whole == 0 ? .nan : Double(part) / Double(whole) }
}
