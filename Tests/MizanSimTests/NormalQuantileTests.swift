import Testing
@testable import MizanSim
@testable import MizanRadio
@testable import MizanTime

/// The signal model's normal draws: Wichura's quantile function (AS 241), and the hashed normals (`Ziggurat`) whose tail it draws.
@Suite struct NormalQuantileTests {
    @Test func quantilesMatchTheStandardNormalsInEachOfTheThreeRegions() {
        // Reference values: Python's statistics.NormalDist().inv_cdf (the same algorithm, in Python).
        let cases: [(p: Double, x: Double)] = [
            (0.5, 0), (0.975, 1.9599639845400536), (0.3, -0.5244005127080407), (0.9, 1.2815515655446008), // central
            (0.001, -3.090232306167813), (0.999999, 4.753424308817089), // tail, r <= 5
            (1e-10, -6.361340902404056), (1e-300, -37.0470962993612), // far tail, r > 5
        ]
        for (p, x) in cases {
            #expect(abs(NormalQuantile.of(p) - x) <= 1e-14 * max(1, abs(x)), "p = \(p)")
        }
    }

    @Test func quantilesAreSymmetricAndIncreasing() {
        var previous = -Double.infinity
        for step in 1..<1_000 {
            let p = Double(step) / 1_000
            let x = NormalQuantile.of(p)
            #expect(x > previous, "p = \(p)")
            #expect(abs(x + NormalQuantile.of(1 - p)) < 1e-12, "p = \(p)")
            previous = x
        }
    }

    @Test func hashedNormalsHaveMeanZeroVarianceOneAndNormalTails() {
        var state: UInt64 = 42
        let count = 200_000
        var sum = 0.0, squares = 0.0, beyondTwo = 0
        for _ in 0..<count {
            let x = Ziggurat.standard.normal(&state)
            sum += x
            squares += x * x
            if abs(x) > 2 { beyondTwo += 1 }
        }
        let mean = sum / Double(count), variance = squares / Double(count) - mean * mean
        #expect(abs(mean) < 0.01)          // sd of the mean 0.0022
        #expect(abs(variance - 1) < 0.015) // sd of the variance about 0.0032
        // P(|Z| > 2) = 0.0455; sd of the share 0.00047.
        #expect(abs(Double(beyondTwo) / Double(count) - 0.0455) < 0.002)
    }

    @Test func theHashedNormalsNeverPassTheNoiseBound() {
        // The tail's most extreme share, 2^-53 of the mass, and its mirror give -bound and +bound exactly.
        let low = NormalQuantile.of(0.5 * 0x1.0p-52), high = NormalQuantile.of(1 - 0x1.0p-53)
        #expect(low == -high)
        #expect(high > 8.1 && high < 8.3)
        let signal = SignalModel(parameters: RadioParameters(), generator: SeededGenerator(seed: 1))
        #expect(signal.noiseBound == RadioParameters().packetNoise * high)
        var state: UInt64 = 7
        for _ in 0..<100_000 { #expect(abs(Ziggurat.standard.normal(&state)) <= high) }
        var silent = RadioParameters()
        silent.packetNoise = 0
        #expect(SignalModel(parameters: silent, generator: SeededGenerator(seed: 1)).noiseBound == 0)
    }
}
