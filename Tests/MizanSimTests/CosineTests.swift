@testable import MizanRadio
@testable import MizanTime
import Testing
@testable import MizanSim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The signal model's own cosine against the C library's.
@Suite struct CosineTests {
    /// Units in the last place between two doubles of the same sign.
    static func ulps(_ a: Double, _ b: Double) -> UInt64 {
        let x = a.magnitude.bitPattern, y = b.magnitude.bitPattern
        return x > y ? x - y : y - x
    }

    /// One cosine, lane 0 of four equal lanes.
    static func cosine(_ x: Double) -> Double { Cosine.cosineAndSine(SIMD4(repeating: x)).cos[0] }

    @Test func agreesWithTheLibraryCosineWithinTwoUnitsInTheLastPlace() {
        var generator = SeededGenerator(seed: 17)
        var worstUlps: UInt64 = 0, worstAbsolute = 0.0
        for magnitude in [1.0, 10, 100, 1e3, 1e4, 1e5, 1e6] {
            for _ in 0..<20_000 {
                let x = generator.uniform(-magnitude...magnitude)
                let ours = Self.cosine(x), theirs = cos(x)
                worstAbsolute = max(worstAbsolute, abs(ours - theirs))
                if ours.sign == theirs.sign { worstUlps = max(worstUlps, Self.ulps(ours, theirs)) } else { #expect(abs(ours - theirs) < 1e-15, "x = \(x)") }
            }
        }
        #expect(worstUlps <= 2)
        #expect(worstAbsolute <= 2.3e-16)
    }

    @Test func quadrantsAndSignsAreThoseOfTheCosine() {
        let quarter = Double.pi / 2
        #expect(Self.cosine(0) == 1)
        for (x, expected) in [(quarter / 2, 0.5.squareRoot()), (3 * quarter / 2, -(0.5.squareRoot())),
                              (5 * quarter / 2, -(0.5.squareRoot())), (7 * quarter / 2, 0.5.squareRoot()),
                              (-3 * quarter / 2, -(0.5.squareRoot())), (2 * Double.pi, 1), (Double.pi, -1)] {
            #expect(abs(Self.cosine(x) - expected) < 1e-15, "x = \(x)")
        }
    }

    @Test func eachLaneIsComputedOnItsOwn() {
        var generator = SeededGenerator(seed: 23)
        for _ in 0..<20_000 {
            let x = SIMD4<Double>((0..<4).map { _ in generator.uniform(-1e5...1e5) })
            let (cosines, sines) = Cosine.cosineAndSine(x)
            for lane in 0..<4 {
                let alone = Cosine.cosineAndSine(SIMD4(repeating: x[lane]))
                #expect(cosines[lane].bitPattern == alone.cos[0].bitPattern && sines[lane].bitPattern == alone.sin[0].bitPattern, "x = \(x[lane])")
            }
        }
    }

    @Test func sinesFourAtATimeAgreeWithTheLibrarySineWithinTwoUnitsInTheLastPlace() {
        var generator = SeededGenerator(seed: 29)
        var worstUlps: UInt64 = 0, worstAbsolute = 0.0
        for magnitude in [1.0, 10, 100, 1e3, 1e4, 1e5, 1e6] {
            for _ in 0..<5_000 {
                let x = SIMD4<Double>((0..<4).map { _ in generator.uniform(-magnitude...magnitude) })
                let (cosines, sines) = Cosine.cosineAndSine(x)
                for lane in 0..<4 {
                    #expect(Self.ulps(cosines[lane], cos(x[lane])) <= 2 || abs(cosines[lane] - cos(x[lane])) < 1e-15, "x = \(x[lane])")
                    let ours = sines[lane], theirs = sin(x[lane])
                    worstAbsolute = max(worstAbsolute, abs(ours - theirs))
                    if ours.sign == theirs.sign { worstUlps = max(worstUlps, Self.ulps(ours, theirs)) } else { #expect(abs(ours - theirs) < 1e-15, "x = \(x[lane])") }
                }
            }
        }
        #expect(worstUlps <= 2)
        #expect(worstAbsolute <= 2.3e-16)
    }

    @Test func sinesHaveTheSignsOfEachQuadrant() {
        let quarter = Double.pi / 2, half = 0.5.squareRoot()
        let x = SIMD4<Double>(quarter / 2, 3 * quarter / 2, 5 * quarter / 2, 7 * quarter / 2)
        let sines = Cosine.cosineAndSine(x).sin
        for (lane, expected) in [half, half, -half, -half].enumerated() { #expect(abs(sines[lane] - expected) < 1e-15, "lane \(lane)") }
        let axes = Cosine.cosineAndSine(SIMD4<Double>(0, quarter, Double.pi, -quarter)).sin
        for (lane, expected) in [0.0, 1, 0, -1].enumerated() { #expect(abs(axes[lane] - expected) < 1e-15, "lane \(lane)") }
    }
}
