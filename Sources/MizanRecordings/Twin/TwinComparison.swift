import MizanProtocol
import MizanSim
import MizanFormats
import MizanTime
import MizanSelection

/// A recording against its twin: every strategy's accuracy on the real trace
/// and on each simulated one (`mizan select --every` sessions), the packets
/// per receiver per second and the RSSI histograms.
public struct TwinComparison: Sendable {
    public struct StrategyRow: Sendable {
        public let strategy: StrategySpec
        public let real: SelectionAccuracy
        /// How precisely the recording pins down the real accuracy: the 90 %
        /// circular block bootstrap interval over its sessions (`AccuracyInterval`).
        public let realInterval: AccuracyInterval
        /// Whether each real session chose right, in time order (what the interval resamples).
        public let realOutcomes: [Bool]
        /// One per seed.
        public let simulated: [SelectionAccuracy]
        /// The same interval made from each seed's simulated trace alone (what
        /// the recording's interval would have been had the twin been the room).
        public let simulatedIntervals: [AccuracyInterval]
        /// Mean over seeds of the simulated accuracy.
        public var simulatedAccuracy: Double {
            simulated.isEmpty ? .nan : simulated.reduce(0) { $0 + $1.accuracy } / Double(simulated.count)
        }
        /// Standard deviation over seeds of the simulated accuracy: how far one
        /// recording of this track could fall from the mean by chance.
        public var simulatedSpread: Double {
            let n = Double(simulated.count)
            guard n > 1 else { return .nan }
            let mean = simulatedAccuracy
            return (simulated.reduce(0) { $0 + ($1.accuracy - mean) * ($1.accuracy - mean) } / (n - 1)).squareRoot()
        }
        /// Simulated minus real, percentage points.
        public var gapPoints: Double { (simulatedAccuracy - real.accuracy) * 100 }
        /// Whether the twin's mean over seeds lies in the real figure's interval.
        public var simulatedWithinRealInterval: Bool { realInterval.contains(simulatedAccuracy) }

        /// A perfect model's score on this cell: treat each seed as the
        /// recording and the mean of the other seeds as the twin; how many
        /// seeds lie within `points` of that mean (of `simulated.count`).
        public func seedsWithin(points: Double) -> Int {
            leaveOneSeedOut.filter { abs($0.seed - $0.others) * 100 <= points }.count
        }

        /// Whether the interval method is honest, under the twin: how many
        /// seeds' own intervals contain the mean of the other seeds (of `simulated.count`).
        public var seedIntervalsCoveringTheOthers: Int {
            zip(leaveOneSeedOut, simulatedIntervals).filter { $1.contains($0.others) }.count
        }

        /// Each seed's accuracy and the mean of the others' (empty under two seeds).
        var leaveOneSeedOut: [(seed: Double, others: Double)] {
            guard simulated.count > 1 else { return [] }
            let total = simulated.reduce(0) { $0 + $1.accuracy }, n = Double(simulated.count - 1)
            return simulated.map { ($0.accuracy, (total - $0.accuracy) / n) }
        }
    }

    public let name: String
    public private(set) var strategies: [StrategyRow]
    /// Seconds between the sessions' starts.
    public let every: Double
    public let realRate: Double
    /// Mean over seeds.
    public let simulatedRate: Double
    public let realHistogram: RSSIHistogram
    /// Pooled over seeds.
    public let simulatedHistogram: RSSIHistogram
    public let fit: TwinFit?
    /// The time structure of `timeStrategy`'s choices and of the readings: the recording's,
    /// with intervals, and each seed's (`TimeStructure`); nil when no strategy was scored.
    public let realTime: TimeStructure?
    public let simulatedTime: [TimeStructure]
    /// The strategy whose choices the time structure follows: `mean` (1 s), the recordings' clue.
    public static let timeStrategy = StrategyName.mean
    /// `strongest`'s accuracy by the way the carrier walks (`WalkingDirectionSplit`): the recording's,
    /// and each seed's; nil when `strongest` was not scored.
    public let realDirection: WalkingDirectionSplit?
    public let simulatedDirection: [WalkingDirectionSplit]
    /// `strongest`'s accuracy by walking direction, per group: the recording's (with its 90 % interval,
    /// its sessions) and the twin's (mean over seeds of each seed's share); empty when `strongest` was not scored.
    public let directionFigures: [DirectionFigure]

    /// The strategies `--compare` scores: each with its defaults (1 s window).
    /// The position-based ones (`position`, `fingerprint`) only `withSurvey`:
    /// they learn from a calibration walk, which a comparison has only when it
    /// has training tracks (`Training`).
    public static func defaultStrategies(withSurvey: Bool = false) -> [StrategySpec] {
        StrategyName.allCases.filter { withSurvey || !$0.needsSurvey }.compactMap { name in try? StrategySpec(name: name, base: name.isWrapper ? .mean : nil) }
    }

    /// The training tracks a comparison's position-based strategies learn from:
    /// the recording's, for the real side, and the same tracks simulated by the
    /// twin (one per seed) for the simulated side, as a shop's walk would be
    /// recorded in the twin's room.
    public struct Training: Sendable {
        public let real: RSSITrace
        public let simulated: [RSSITrace]

        public init(real: RSSITrace, simulated: [RSSITrace]) {
            self.real = real
            self.simulated = simulated
        }
    }

    /// The same comparison with the rows of `specs` only, in that order (a strategy it has no row for is left out).
    public func keeping(_ specs: [StrategySpec]) -> TwinComparison {
        var copy = self
        copy.strategies = specs.compactMap { spec in strategies.first { $0.strategy == spec } }
        return copy
    }

    /// A position-based strategy is scored only with `training` (its surveys: the real
    /// training tracks for the recording, the simulated ones seed by seed for the twin).
    public init(name: String, real: RSSITrace, simulated: [RSSITrace], strategies: [StrategySpec], every: Double, fit: TwinFit? = nil,
                training: Training? = nil) {
        self.name = name
        self.fit = fit
        let realSurvey = training.flatMap { try? $0.real.survey() }
        let simulatedSurveys = training.map { $0.simulated.map { try? $0.survey() } } ?? []
        // The decisions of the strategies the time structure and the walking-direction split follow, kept from their rows.
        let timeSpec = strategies.first { $0.name == Self.timeStrategy && $0.base == nil && !$0.needsSurvey }
        let directionSpec = strategies.first { $0.name == WalkingDirectionSplit.strategy && $0.base == nil && !$0.needsSurvey }
        var timeDecisions: (real: [TraceDecision], simulated: [[TraceDecision]])?
        var directionDecisions: (real: [TraceDecision], simulated: [[TraceDecision]])?
        self.strategies = strategies.compactMap { spec in
            let realStrategy: SelectionStrategy, simulatedStrategies: [SelectionStrategy]
            if spec.needsSurvey {
                guard let realSurvey, simulatedSurveys.count == simulated.count, let strategy = try? spec.strategy(survey: realSurvey) else { return nil }
                let others = simulatedSurveys.compactMap { survey in survey.flatMap { try? spec.strategy(survey: $0) } }
                guard others.count == simulated.count else { return nil }
                realStrategy = strategy
                simulatedStrategies = others
            } else {
                guard let strategy = spec.plainStrategy else { return nil }
                realStrategy = strategy
                simulatedStrategies = simulated.map { _ in strategy }
            }
            let block = AccuracyInterval.block(every: every)
            let stream = Self.bootstrapRoot.split(name).split(spec.label)
            let realDecisions = TraceReplay(strategy: realStrategy, every: every).decisions(real)
            let simulatedDecisions = zip(simulated, simulatedStrategies).map { TraceReplay(strategy: $1, every: every).decisions($0) }
            if spec == timeSpec { timeDecisions = (realDecisions, simulatedDecisions) }
            if spec == directionSpec { directionDecisions = (realDecisions, simulatedDecisions) }
            return StrategyRow(strategy: spec, real: SelectionAccuracy(realDecisions),
                               realInterval: AccuracyInterval(outcomes: realDecisions.map(\.isRight), block: block, generator: stream.split("real")),
                               realOutcomes: realDecisions.map(\.isRight),
                               simulated: simulatedDecisions.map { SelectionAccuracy($0) },
                               simulatedIntervals: simulatedDecisions.enumerated().map { index, decisions in
                                   AccuracyInterval(outcomes: decisions.map(\.isRight), block: block, resamples: 1000,
                                                    generator: stream.split("seed/\(index)"))
                               })
        }
        if let decisions = timeDecisions {
            let stream = Self.bootstrapRoot.split(name).split("time structure")
            realTime = TimeStructure(decisions: decisions.real, trace: real, every: every, generator: stream)
            simulatedTime = zip(decisions.simulated, simulated).map {
                TimeStructure(decisions: $0, trace: $1, every: every, generator: stream, intervals: false)
            }
        } else {
            realTime = nil
            simulatedTime = []
        }
        if let decisions = directionDecisions {
            realDirection = WalkingDirectionSplit(decisions: decisions.real, trace: real)
            simulatedDirection = zip(decisions.simulated, simulated).map { WalkingDirectionSplit(decisions: $0, trace: $1) }
        } else {
            realDirection = nil
            simulatedDirection = []
        }
        self.every = every
        if let realDirection {
            directionFigures = Self.directionFigures(real: realDirection, simulated: simulatedDirection, every: every,
                                                     stream: Self.bootstrapRoot.split(name))
        } else {
            directionFigures = []
        }
        realRate = Self.packetsPerReceiverPerSecond(real, duration: real)
        simulatedRate = simulated.isEmpty ? .nan
            : simulated.reduce(0) { $0 + Self.packetsPerReceiverPerSecond($1, duration: real) } / Double(simulated.count)
        realHistogram = RSSIHistogram(real.rows.map(\.rssi).filter { $0 != RSSISample.notAvailable })
        simulatedHistogram = RSSIHistogram(simulated.flatMap { $0.rows.map(\.rssi) }.filter { $0 != RSSISample.notAvailable })
    }

    /// Rows of `trace` per till per second of `duration`'s recording (each
    /// phone from its first row to its last, summed).
    public static func packetsPerReceiverPerSecond(_ trace: RSSITrace, duration: RSSITrace) -> Double {
        var first: [String: Double] = [:], last: [String: Double] = [:]
        for row in duration.rows {
            if first[row.phone] == nil { first[row.phone] = row.t }
            last[row.phone] = row.t
        }
        let seconds = duration.phones.reduce(0.0) { $0 + (last[$1] ?? 0) - (first[$1] ?? 0) }
        let rows = trace.rows.filter { $0.rssi != RSSISample.notAvailable }.count
        return seconds > 0 && !trace.tills.isEmpty ? Double(rows) / seconds / Double(trace.tills.count) : .nan
    }

    public var rateRatio: Double { simulatedRate / realRate }

    /// The bootstrap's own stream: fixed, so a comparison reports the same intervals every time.
    static let bootstrapRoot = SeededGenerator(seed: 0x7717_B007)

    /// Each time-structure figure: the recording's (with its interval) and the twin's, the mean over seeds.
    public var timeFigures: [(real: TimeStructure.Figure, simulated: Double)] {
        guard let realTime else { return [] }
        return realTime.figures.indices.map { index in
            let values = simulatedTime.map { $0.figures[index].value }.filter { !$0.isNaN }
            return (realTime.figures[index], values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count))
        }
    }

    /// One group of a walking-direction split: real [interval] / twin.
    public struct DirectionFigure: Sendable {
        public let group: WalkingDirectionSplit.Group
        public let sessions: Int
        public let real: AccuracyInterval
        public let simulated: Double
        /// Whether the group has sessions enough for its interval (two blocks): with fewer, every
        /// resample is the whole group, and the interval would claim a precision it does not have.
        public var hasInterval: Bool { sessions >= 2 * AccuracyInterval.block(every: every) }
        let every: Double
        /// Whether the twin lies in the real figure's interval (false where it has none).
        public var simulatedWithinRealInterval: Bool { hasInterval && real.contains(simulated) }
        /// Whether the twin is within `points` of the real share.
        public func within(points: Double) -> Bool { abs(simulated - real.accuracy) * 100 <= points }
    }

    static func directionFigures(real: WalkingDirectionSplit, simulated: [WalkingDirectionSplit], every: Double,
                                 stream: SeededGenerator) -> [DirectionFigure] {
        WalkingDirectionSplit.Group.allCases.map { group in
            let values = simulated.map { $0.accuracy(group) }.filter { !$0.isNaN }
            return DirectionFigure(group: group, sessions: real.sessions(group),
                                   real: real.interval(group, every: every, generator: stream.split("walking direction")),
                                   simulated: values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count), every: every)
        }
    }

    /// The split pooled over `comparisons` (every session of every track): real, and the twin seed by seed.
    public static func pooledDirectionFigures(_ comparisons: [TwinComparison]) -> [DirectionFigure] {
        let real = comparisons.compactMap(\.realDirection)
        guard real.count == comparisons.count, let every = comparisons.first?.every else { return [] }
        let seeds = comparisons.map(\.simulatedDirection.count).min() ?? 0
        let simulated = (0..<seeds).map { seed in WalkingDirectionSplit.pooled(comparisons.map { $0.simulatedDirection[seed] }) }
        return directionFigures(real: WalkingDirectionSplit.pooled(real), simulated: simulated, every: every, stream: bootstrapRoot.split("pooled"))
    }
}
