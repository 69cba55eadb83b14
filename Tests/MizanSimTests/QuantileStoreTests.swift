import Testing
@testable import MizanSim
@testable import MizanTime

@Suite struct QuantileStoreTests {
    static func values(_ n: Int) -> [Double] {
        var generator = SeededGenerator(seed: 5)
        return (0..<n).map { _ in generator.normal(mean: 0, sd: 1).magnitude * 3 + (generator.unitInterval() < 0.01 ? 0 : 0.2) }
    }

    @Test func upToItsLimitTheStoreGivesTheExactPercentiles() {
        let values = Self.values(5_000)
        var store = QuantileStore(exactLimit: 5_000)
        for value in values { store.add(value) }
        #expect(store.isExact)
        #expect(store.percentiles == Percentiles(values))
    }

    @Test func pastItsLimitTheStoreIsWithinItsRelativeErrorOfTheExactPercentiles() throws {
        let values = Self.values(20_000)
        var store = QuantileStore(exactLimit: 1_000)
        for value in values { store.add(value) }
        #expect(!store.isExact)
        let exact = Percentiles(values), sketched = store.percentiles
        #expect(sketched.count == exact.count)
        for (a, b) in [(exact.p50, sketched.p50), (exact.p90, sketched.p90), (exact.p99, sketched.p99)] {
            let truth = try #require(a), estimate = try #require(b)
            #expect(abs(estimate - truth) <= QuantileStore.relativeError * truth * 1.0001, "\(estimate) vs \(truth)")
        }
    }

    @Test func theSketchDoesNotDependOnTheOrderOfTheValues() {
        let values = Self.values(3_000)
        var forward = QuantileStore(exactLimit: 100), backward = QuantileStore(exactLimit: 100)
        for value in values { forward.add(value) }
        for value in values.reversed() { backward.add(value) }
        #expect(forward.percentiles == backward.percentiles)
    }
}
