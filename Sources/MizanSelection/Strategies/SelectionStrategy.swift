import MizanProtocol
/// How a phone picks a till from the advertising packets it heard: a pure
/// function from samples to a till, or `nil` for "not yet".
///
/// The scoring cases (all but the two wrappers) *score* each till from its samples in the last
/// `window` and pick the highest score; the last two wrap another strategy and
/// change only the decision (`nearestOnMap` scores a till by how likely the
/// phone is nearest it, from every till's samples at once): `hysteresis` keeps an incumbent unless a
/// challenger leads it by `margin` dB, and `confidentOrWait` answers "not yet"
/// until the best leads the second by `margin` dB or its own `deadline` has
/// passed. Ties always go to the lower till id, so no choice depends on the
/// order of a dictionary. See `docs/selection-strategies.md`.
public enum SelectionStrategy: Hashable, Sendable, TillChooser {
    /// The till with the strongest single sample in the last `window`.
    case strongestSample(window: Duration)
    /// The till with the highest mean RSSI over the last `window` (docs/workloads.md W2).
    case highestMean(window: Duration)
    /// The till with the highest median RSSI over the last `window`.
    case highestMedian(window: Duration)
    /// The till with the highest exponential moving average of its samples in
    /// the last `window`; a sample's weight decays by a factor e every `timeConstant`.
    case exponentialMean(window: Duration, timeConstant: Duration)
    /// The till with the highest estimate of a per-till 1-D Kalman filter over
    /// its samples in the last `window`: the RSSI is a random walk whose
    /// variance grows by `processNoise` dB² per second, each sample measures it
    /// with variance `measurementNoise` dB².
    case kalman(window: Duration, processNoise: Double, measurementNoise: Double)
    /// `base`'s choice, except that an `incumbent` still heard is kept unless
    /// the choice scores at least `margin` dB above it.
    indirect case hysteresis(base: SelectionStrategy, margin: Double)
    /// `base`'s choice once its score leads every other till's by at least
    /// `margin` dB (a till heard alone leads by any margin), or once `deadline`
    /// has passed since the scan began; "not yet" before that.
    indirect case confidentOrWait(base: SelectionStrategy, margin: Double, deadline: Duration)
    /// Position-based: the till nearest where the phone probably is. Every
    /// sample of every till in the last `window` weighs each cell of `map`
    /// (calibrated model, optionally fingerprinted by a calibration walk); a
    /// till's score is its share of the posterior, `10 * log10(share)`: the
    /// till whose cells hold the most probability wins. `motion` says how far
    /// the phone may move within the window (`PayerMotion`; standing: none).
    case nearestOnMap(window: Duration, map: RadioMap, motion: PayerMotion = .standing)

    public static let `default` = SelectionStrategy.highestMean(window: .seconds(1))

    /// Scores on a `RadioMap` (itself or its base): calibrated for one floor's tills.
    public var isPositionBased: Bool {
        switch self {
        case .nearestOnMap: true
        case .strongestSample, .highestMean, .highestMedian, .exponentialMean, .kalman: false
        case let .hysteresis(base, _), let .confidentOrWait(base, _, _): base.isPositionBased
        }
    }

    /// How long the phone scans before it first asks for a decision, and how
    /// often it asks again while the answer is "not yet": the scoring window.
    public var scanWindow: Duration {
        switch self {
        case let .strongestSample(window), let .highestMean(window), let .highestMedian(window),
             let .exponentialMean(window, _), let .kalman(window, _, _), let .nearestOnMap(window, _, _):
            window
        case let .hysteresis(base, _), let .confidentOrWait(base, _, _):
            base.scanWindow
        }
    }

    /// The chosen till, or `nil` for "not yet" (nothing heard, or not confident).
    /// - Parameters:
    ///   - samples: what the phone heard, in the order it heard it (`at` never
    ///     decreasing); samples after `now` and "not available" ones are ignored.
    ///   - incumbent: the till chosen before, for `hysteresis`.
    ///   - since: when the scan began, for `confidentOrWait`'s deadline; when
    ///     `nil`, the time of the first sample (in `Find`, within one
    ///     advertising interval of Start).
    public func choose(from samples: [RSSISample], now: Duration, since: Duration?) -> TillID? {
        choose(from: samples, now: now, incumbent: nil, since: since)
    }

    public func choose(from samples: [RSSISample], now: Duration, incumbent: TillID? = nil, since: Duration? = nil) -> TillID? {
        decide(on: scores(from: samples, now: now), samples: samples, now: now, incumbent: incumbent, since: since)
    }

    /// `choose` on `scores`, this strategy's scores at `now`. A wrapper scores
    /// as its base does, so the same scores serve every level: scored once, not once per wrapper.
    private func decide(on scores: TillScores, samples: [RSSISample], now: Duration, incumbent: TillID?, since: Duration?) -> TillID? {
        switch self {
        case .strongestSample, .highestMean, .highestMedian, .exponentialMean, .kalman, .nearestOnMap:
            return scores.best?.till
        case let .hysteresis(base, margin):
            guard let choice = base.decide(on: scores, samples: samples, now: now, incumbent: incumbent, since: since) else { return nil }
            guard let incumbent, incumbent != choice,
                  let kept = scores.score(of: incumbent), let challenger = scores.score(of: choice) else { return choice }
            return challenger - kept >= margin ? choice : incumbent
        case let .confidentOrWait(base, margin, deadline):
            guard let choice = base.decide(on: scores, samples: samples, now: now, incumbent: incumbent, since: since) else { return nil }
            let began = since ?? samples.first?.at ?? now
            if now - began >= deadline { return choice }
            return scores.lead(of: choice) >= margin ? choice : nil
        }
    }

    /// Each till's score at `now`; wrappers score as their base does.
    public func scores(from samples: [RSSISample], now: Duration) -> TillScores {
        switch self {
        case let .strongestSample(window):
            TillScores(SampleWindow(samples, now: now, window: window)) { RSSISummary.strongest($0) }
        case let .highestMean(window):
            // The default's path: per-till sums and counts, no grouping (the same scores).
            WindowMeans.scores(samples, now: now, window: window)
                ?? TillScores(SampleWindow(samples, now: now, window: window)) { RSSISummary.mean($0) }
        case let .highestMedian(window):
            TillScores(SampleWindow(samples, now: now, window: window)) { RSSISummary.median($0) }
        case let .exponentialMean(window, timeConstant):
            TillScores(SampleWindow(samples, now: now, window: window)) { RSSISummary.exponentialMean($0, timeConstant: timeConstant) }
        case let .kalman(window, processNoise, measurementNoise):
            TillScores(SampleWindow(samples, now: now, window: window)) {
                RSSISummary.kalman($0, processNoise: processNoise, measurementNoise: measurementNoise)
            }
        case let .nearestOnMap(window, map, motion):
            map.scores(SampleWindow(samples, now: now, window: window), now: now, motion: motion)
        case let .hysteresis(base, _), let .confidentOrWait(base, _, _):
            base.scores(from: samples, now: now)
        }
    }
}
