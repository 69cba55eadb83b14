import Testing
@testable import MizanSim
@testable import MizanRadio
@testable import MizanTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The floor's shadowing fields (one spectrum, a phase set per till) against what a field per till must be.
@Suite struct SharedSpectrumShadowingTests {
    /// Floors of `tills` tills each, sigma 2 dB, correlation length 1 m.
    static func floors(_ count: Int, tills: Int) -> [SharedSpectrumShadowing] {
        (0..<count).map { floor in
            var generator = SeededGenerator(seed: UInt64(floor) + 1)
            var shadowing = SharedSpectrumShadowing(sigma: 2, correlationLength: 1, generator: &generator)
            for _ in 0..<tills { shadowing.addTill(generator: &generator) }
            return shadowing
        }
    }

    @Test func eachTillsFieldHasItsSigmaAndExponentialCorrelation() {
        let separations = [0.25, 1.0, 1.5]
        var products = [0.0, 0.0, 0.0], squares = 0.0, count = 0.0
        for shadowing in Self.floors(300, tills: 10) {
            let here = shadowing.basis(x: 3, y: 4)
            let there = separations.map { shadowing.basis(x: 3 + $0, y: 4) }
            for till in 0..<shadowing.tills {
                let value = shadowing.value(till: till, basis: here)
                squares += value * value
                count += 1
                for index in separations.indices { products[index] += value * shadowing.value(till: till, basis: there[index]) }
            }
        }
        let variance = squares / count
        #expect(abs(variance - 4) < 0.3)
        for (index, d) in separations.enumerated() {
            let correlation = products[index] / count / variance
            #expect(abs(correlation - exp(-d)) < 0.06, "at \(d) m: \(correlation)")
        }
    }

    @Test func twoTillsFieldsAreUncorrelatedAtTheSameSpot() {
        var product = 0.0, squares = 0.0, pairs = 0.0
        for shadowing in Self.floors(200, tills: 10) {
            for spot in 0..<5 {
                let basis = shadowing.basis(x: Double(spot) * 3.1, y: 2)
                let values = (0..<shadowing.tills).map { shadowing.value(till: $0, basis: basis) }
                for a in 0..<values.count { squares += values[a] * values[a] }
                for a in 0..<values.count { for b in (a + 1)..<values.count { product += values[a] * values[b]; pairs += 1 } }
            }
        }
        let variance = squares / Double(200 * 5 * 10)
        let correlation = product / pairs / variance
        // 9,000 pairs, not all independent: a correlation of 0.1 (which independent spectra would not give either) fails.
        #expect(abs(correlation) < 0.05, "\(correlation)")
    }

    @Test func aTillsValueIsTheSumOfItsFeaturesCosinesAtThatSpot() {
        // The dot product over a spot's basis equals sigma sqrt(2/M) sum cos(k_m . p + phi_tm).
        var generator = SeededGenerator(seed: 9)
        var shadowing = SharedSpectrumShadowing(sigma: 1.5, correlationLength: 2, features: 7, generator: &generator)
        shadowing.addTill(generator: &generator)
        shadowing.addTill(generator: &generator)
        for (x, y) in [(2.0, 3.0), (-1.0, 0.5), (10.0, 7.25)] {
            for till in 0..<2 {
                var sum = 0.0
                for m in 0..<7 {
                    let phase = shadowing.phase(till: till, feature: m)
                    sum += cos(shadowing.kx[m] * x + shadowing.ky[m] * y + phase)
                }
                #expect(abs(shadowing.value(till: till, x: x, y: y) - 1.5 * (2.0 / 7).squareRoot() * sum) < 1e-12)
            }
        }
        #expect(shadowing.value(till: 0, x: 2, y: 3) != shadowing.value(till: 1, x: 2, y: 3))
        let silent = SharedSpectrumShadowing(sigma: 0, correlationLength: 2, generator: &generator)
        #expect(silent.value(till: 0, basis: silent.basis(x: 1, y: 1)) == 0)
    }

    @Test func aSpotsBasisHoldsEachFeaturesCosineAndSineAndFallsBackToTheLibraryOnlyWhereAnAngleIsOutOfReach() {
        var generator = SeededGenerator(seed: 13)
        let shadowing = SharedSpectrumShadowing(sigma: 1, correlationLength: 0.5, features: 96, generator: &generator)
        // Near: every angle within reach. Far (10^6 m): many beyond it, next to some within.
        for (x, y) in [(3.5, -2.0), (1.0e6, 2.0)] {
            let basis = shadowing.basis(x: x, y: y)
            var beyond = 0
            for m in 0..<96 {
                let angle = shadowing.kx[m] * x + shadowing.ky[m] * y
                let (c, s) = (basis.cosines[m / 4][m % 4], basis.sines[m / 4][m % 4])
                if abs(angle) > Cosine.reducedLimit {
                    beyond += 1
                    #expect(c == cos(angle) && s == sin(angle), "feature \(m)")
                } else {
                    let four = Cosine.cosineAndSine(SIMD4(repeating: angle))
                    #expect(c == four.cos[0] && s == four.sin[0], "feature \(m)")
                }
            }
            if x > 1_000 { #expect(beyond > 0 && beyond < 96) } else { #expect(beyond == 0) }
        }
    }
}
