import Testing
import MizanTestSupport
import MizanProtocol
@testable import MizanSelection

/// `hysteresis` and `confidentOrWait` score once and decide every level on
/// those scores: the choice must be the one of asking the base to choose
/// again from the samples (each wrapper scores as its base does), on random
/// sample sets, with and without an incumbent and a scan start.
@Suite struct WrapperDecisionTests {
    /// The wrappers spelled out, each level choosing from the samples afresh.
    static func reference(_ strategy: SelectionStrategy, _ samples: [RSSISample], now: Duration, incumbent: TillID?, since: Duration?) -> TillID? {
        switch strategy {
        case let .hysteresis(base, margin):
            guard let choice = reference(base, samples, now: now, incumbent: incumbent, since: since) else { return nil }
            let scores = base.scores(from: samples, now: now)
            guard let incumbent, incumbent != choice,
                  let kept = scores.score(of: incumbent), let challenger = scores.score(of: choice) else { return choice }
            return challenger - kept >= margin ? choice : incumbent
        case let .confidentOrWait(base, margin, deadline):
            guard let choice = reference(base, samples, now: now, incumbent: incumbent, since: since) else { return nil }
            let began = since ?? samples.first?.at ?? now
            if now - began >= deadline { return choice }
            return base.scores(from: samples, now: now).lead(of: choice) >= margin ? choice : nil
        default:
            return strategy.scores(from: samples, now: now).best?.till
        }
    }

    static let strategies: [SelectionStrategy] = {
        let bases: [SelectionStrategy] = [
            .highestMean(window: .seconds(1)), .highestMedian(window: .milliseconds(700)), .strongestSample(window: .seconds(1)),
        ]
        return bases.flatMap { base in [
            SelectionStrategy.hysteresis(base: base, margin: 2),
            .confidentOrWait(base: base, margin: 3, deadline: .seconds(2)),
            .confidentOrWait(base: .hysteresis(base: base, margin: 1.5), margin: 2, deadline: .milliseconds(2_500)),
            .hysteresis(base: .confidentOrWait(base: base, margin: 4, deadline: .seconds(2)), margin: 1),
        ] }
    }()

    @Test(arguments: strategies)
    func aWrapperDecidesAsItsBaseChoosingAfreshWould(strategy: SelectionStrategy) {
        var random = SplitMix64(seed: 17)
        var decided = 0, waited = 0
        for round in 0..<200 {
            let tills = 1 + random.below(5)
            let samples = (0..<random.below(60)).map { index in
                RSSISample(till: TillID(UInt32(1 + random.below(tills))), rssi: -55 - random.below(1 + round % 12),
                           at: .milliseconds(index * 40 + random.below(40)))
            }
            let now = Duration.milliseconds(random.below(3_000))
            let incumbent = random.below(3) == 0 ? nil : TillID(UInt32(1 + random.below(tills)))
            let since = random.below(2) == 0 ? nil : Duration.milliseconds(random.below(1_000))
            let choice = strategy.choose(from: samples, now: now, incumbent: incumbent, since: since)
            #expect(choice == Self.reference(strategy, samples, now: now, incumbent: incumbent, since: since), "round \(round)")
            if choice == nil { waited += 1 } else { decided += 1 }
        }
        #expect(decided > 0 && waited > 0, "the rounds include both decisions and waits")
    }
}
