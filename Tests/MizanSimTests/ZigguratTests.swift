import Foundation
import Testing
@testable import MizanSim
@testable import MizanRadio
@testable import MizanTime

/// The hashed normals of the signal model (`Ziggurat`): their tables, their
/// distribution in every region (body, wedges, tail), their bound, and that
/// they are a function of the hash state alone.
@Suite struct ZigguratTests {
    /// The standard normal's distribution function.
    static func phi(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }

    @Test func everyLayerHasTheSameAreaAndTheTopLayerReachesTheDensitysPeak() {
        let zig = Ziggurat.standard
        #expect(zig.x.count == 257 && zig.f.count == 257)
        #expect(zig.x[1] == Ziggurat.r && zig.x[256] == 0 && zig.f[256] == 1)
        for layer in 1..<256 {
            #expect(zig.x[layer] > zig.x[layer + 1], "layer \(layer)")
            // A layer's rectangle: its width times the rise of the density over it.
            // The top layer closes the recurrence at x = 0, whose published constants reach it to 1e-9 of v.
            let area = zig.x[layer] * (zig.f[layer + 1] - zig.f[layer])
            #expect(abs(area - Ziggurat.area) < (layer == 255 ? 1e-11 : 1e-13), "layer \(layer)")
        }
        // The base layer: the rectangle under f(r) plus the tail, in the unnormalised density.
        let base = Ziggurat.r * zig.f[1] + (2 * Double.pi).squareRoot() * zig.tailMass
        #expect(abs(base - Ziggurat.area) < 1e-9)
        #expect(abs(zig.x[0] * zig.f[1] - Ziggurat.area) < 1e-15)
    }

    @Test func drawsFollowTheStandardNormalInTheBodyTheWedgesAndTheTail() {
        // Kolmogorov-Smirnov against Phi on 400,000 draws: D's 0.1 % critical value is 1.95 / sqrt(n) = 0.0031.
        var state: UInt64 = 2026
        let count = 400_000
        var draws = (0..<count).map { _ in Ziggurat.standard.normal(&state) }
        draws.sort()
        var worst = 0.0
        for (index, x) in draws.enumerated() {
            let p = Self.phi(x)
            worst = max(worst, abs(p - Double(index) / Double(count)), abs(p - Double(index + 1) / Double(count)))
        }
        #expect(worst < 0.0031)
        // The share beyond the ziggurat's base, |x| > r: 2 (1 - Phi(r)) = 2.58e-4 (103 expected; sd 10).
        let beyond = draws.filter { abs($0) > Ziggurat.r }.count
        #expect(beyond > 65 && beyond < 145)
        // The wedges: between 1 and 2, P = 0.2718 (sd 0.0007).
        let wedge = Double(draws.filter { abs($0) > 1 && abs($0) < 2 }.count) / Double(count)
        #expect(abs(wedge - 0.2718) < 0.003)
    }

    @Test func theTailIsDrawnAsTheNormalsBeyondR() {
        // Conditional on |x| > r: P(|x| > 4 | |x| > r) = (1 - Phi(4)) / (1 - Phi(r)) = 0.2455.
        var state: UInt64 = 77
        var tail = 0, far = 0
        while tail < 4_000 {
            let x = Ziggurat.standard.normal(&state)
            guard abs(x) > Ziggurat.r else { continue }
            tail += 1
            if abs(x) > 4 { far += 1 }
        }
        let expected = (1 - Self.phi(4)) / (1 - Self.phi(Ziggurat.r))
        #expect(abs(Double(far) / Double(tail) - expected) < 0.025) // sd 0.0068
    }

    @Test func aDrawIsAFunctionOfItsHashStateAloneWhateverIsDrawnBetween() {
        var a: UInt64 = 0xDEAD_BEEF, b: UInt64 = 0xDEAD_BEEF, other: UInt64 = 1
        var first: [UInt64] = []
        for _ in 0..<1_000 { first.append(Ziggurat.standard.normal(&a).bitPattern) }
        for index in 0..<1_000 {
            // Draws from another state in between change nothing: no state is shared.
            for _ in 0..<(index % 3) { _ = Ziggurat.standard.normal(&other) }
            #expect(Ziggurat.standard.normal(&b).bitPattern == first[index])
        }
        #expect(a == b)
        // And different states give different draws.
        #expect(Set(first).count > 990)
    }
}
