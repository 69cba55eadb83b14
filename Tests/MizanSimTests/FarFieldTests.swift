import Testing
import MizanGeometry
@testable import MizanRadio
@testable import MizanTime

/// Beyond the far field's breakpoint the path loss steepens; within it the
/// near slope is kept to the bit (docs/radio.md, "Far field").
@Suite struct FarFieldTests {
    let near = PathLoss(referenceRSSI: -59.8, exponent: 1.64)
    let dual = PathLoss(referenceRSSI: -59.8, exponent: 1.64, farField: .largeSpace)

    @Test func withinTheBreakpointTheMeanIsTheNearSlopesToTheBit() {
        for distance in [0.05, 0.1, 1, 2.5, 9.64, 19.4, 29.999, 30] {
            #expect(dual.meanRSSI(distance: distance).bitPattern == near.meanRSSI(distance: distance).bitPattern)
            let decibels = 10 * Logarithm.decimal(PathLoss.clamped(distance))
            #expect(dual.meanRSSI(decibelsOfDistance: decibels).bitPattern == near.meanRSSI(decibelsOfDistance: decibels).bitPattern)
        }
    }

    @Test func beyondTheBreakpointEachDecadeCostsTheFarExponentsTenfold() {
        let atBreakpoint = near.meanRSSI(distance: 30)
        #expect(abs(dual.meanRSSI(distance: 300) - (atBreakpoint - 35)) < 1e-9)
        #expect(abs(dual.meanRSSI(distance: 3000) - (atBreakpoint - 70)) < 1e-9)
        // Continuous at the breakpoint, and below the single slope past it.
        #expect(abs(dual.meanRSSI(distance: 30.0001) - atBreakpoint) < 1e-3)
        #expect(dual.meanRSSI(distance: 100) < near.meanRSSI(distance: 100) - 9.5)
    }

    @Test func aTillsOwnExponentKeepsTheFarField() {
        let own = dual.withExponent(2.2)
        #expect(own.farField == .largeSpace)
        #expect(abs(own.meanRSSI(distance: 300) - (PathLoss(referenceRSSI: -59.8, exponent: 2.2).meanRSSI(distance: 30) - 35)) < 1e-9)
    }

    @Test func theSignalModelAndTheFreshPacketsHearTheFarFieldAndTheFirstDefinitionDoesNot() {
        let parameters = RadioParameters()
        #expect(parameters.farField == .largeSpace)
        var model = SignalModel(parameters: parameters, generator: SeededGenerator(seed: 1))
        model.addTill()
        #expect(abs(model.meanRSSI(till: 0, distance: 300) - dual.withExponent(model.exponents[0]).meanRSSI(distance: 300)) < 1e-9)
        #expect(model.meanRSSI(till: 0, distance: 300) < PathLoss(referenceRSSI: -59.8, exponent: 1.64).meanRSSI(distance: 300) - 15)
        #expect(abs(SignalModel.firstRadio(parameters).meanRSSI(distance: 300) - dual.meanRSSI(distance: 300)) < 1e-9)
        #expect(RadioParameters.firstDefinition.farField == nil)
        #expect(RadioParameters.ideal.farField == nil)
    }
}
