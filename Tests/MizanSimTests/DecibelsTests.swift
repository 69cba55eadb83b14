import Foundation
import Testing
@testable import MizanSim
@testable import MizanRadio
@testable import MizanTime

/// The signal model's logarithm (`Decibels`) against the C library's.
@Suite struct DecibelsTests {
    @Test func decibelsAgreeWithTheCLibraryWithinEightUnitsInTheLastPlaceOr10ToMinus15dB() {
        var generator = SeededGenerator(seed: 17)
        var values: [Double] = [1, 2, 0.5, 10, 1.0.nextDown, 1.0.nextUp, 0.999, 1.001, 0.1, 1e-12, 1e-300, 1e300, 3.999_999_999, 1.0078125, 1.00390625, .ulpOfOne + 1, 1 - .ulpOfOne,
                                Double.greatestFiniteMagnitude, Double.leastNormalMagnitude]
        // Every one of the 128 centres' neighbourhoods, and random powers across the range a fade or a distance takes.
        for k in 0...128 {
            let centre = 1 + Double(k) / 128, edge = 1 + (Double(k) + 0.5) / 128
            values += [centre, centre.nextUp, centre.nextDown, edge, edge.nextUp, edge.nextDown]
        }
        for _ in 0..<200_000 { values.append(exp(generator.uniform(-30...30))) }
        for x in values {
            let reference = 10 * log10(x), value = Decibels.standard.of(x)
            #expect(abs(value - reference) <= max(8 * abs(reference).ulp, 1e-15), "x = \(x): \(value) vs \(reference)")
        }
    }

    @Test func inputsOutsideThePositiveNormalsGoToTheCLibrary() {
        #expect(Decibels.standard.of(0) == -.infinity)
        #expect(Decibels.standard.of(-1).isNaN)
        #expect(Decibels.standard.of(.infinity) == .infinity)
        #expect(Decibels.standard.of(.nan).isNaN)
        let subnormal = Double.leastNonzeroMagnitude * 3
        #expect(Decibels.standard.of(subnormal) == 10 * log(subnormal) / log(10.0) || abs(Decibels.standard.of(subnormal) - 10 * log10(subnormal)) < 1e-12)
    }
}
