import MizanSelection
import Testing
import MizanProtocol
import MizanSim
import MizanFormats

/// A floor's simulated calibration walk (`CalibrationWalk`) and the fit on it
/// (`CalibrationFit`): the answer is known, the floor's own radio.
@Suite struct CalibrationWalkTests {
    @Test func aSimulatedWalkRecoversTheFloorsRadio() throws {
        // No spread between phones or tills: the fit on the walk finds the radio's own model.
        let text = #"{"minutes": 0.5, "tills": {"row": {"count": 4, "spacing": 3}}, "payers": {"arrivals": "pairs"}, "radio": {"advertising": "simple", "referenceRSSI": -62, "pathLossExponent": 2.5, "packetSigma": 4}}"#
        let plan = try FloorFile.parse(text, file: "floor.json")
        let walk = CalibrationWalk().samples(plan, room: nil)
        #expect(walk.count > 1_000)
        let fit = try CalibrationFit(walk, tills: plan.tills.map { TillPlacement(till: $0.id, position: $0.position) })
        #expect(abs(fit.calibration.referenceRSSI - -62) < 1)
        #expect(abs(fit.calibration.pathLossExponent - 2.5) < 0.2)
        #expect(abs(fit.calibration.packetSigma - 4) < 0.5)
        #expect(abs(fit.calibration.phoneHeight - plan.radio.phoneHeight) < 1e-9)
        #expect(walk.allSatisfy { $0.y >= 0.3 - 1e-9 && $0.y <= 1.0 + 1e-9 }, "the walk keeps to where payers stand")
        for till in plan.tills {
            for y in [0.3, 1.0] {
                #expect(walk.contains { abs($0.x - till.position.x) < 0.1 && abs($0.y - y) < 1e-9 }, "the walk passes in front of till \(till.id.rawValue) at y = \(y)")
            }
        }
    }
}
