import MizanGeometry
import Testing
import MizanProtocol
import MizanSim
import MizanFormats
@testable import MizanRecordings
@testable import MizanRadio
@testable import MizanTime

@Suite struct CalibrationTests {
    @Test func calibrationRecoversTheParametersATraceWasDrawnWith() throws {
        var radio = RadioParameters()
        radio.referenceRSSI = -61
        radio.pathLossExponent = 2.4
        radio.packetSigma = 5
        let model = SignalModel.firstRadio(radio)
        let offsets: [Double] = [3, -1, -2, 0]
        let corners: [(Double, Double)] = [(0, 0), (12, 0), (0, 12), (12, 12)]
        var tills: [RSSITrace.Till] = []
        for (index, corner) in corners.enumerated() {
            tills.append(RSSITrace.Till(id: TillID(UInt32(index + 1)), position: Position(x: corner.0, y: corner.1, z: 1)))
        }
        var generator = SeededGenerator(seed: 7)
        var rows: [RSSITrace.Row] = []
        for step in 0..<5_000 {
            let phone = Position(x: generator.uniform(0...12), y: generator.uniform(0...12), z: 1.2)
            let index = step % tills.count
            let rssi = model.packetRSSI(distance: phone.distance(to: tills[index].position), fixedOffset: offsets[index], generator: &generator)
            rows.append(RSSITrace.Row(t: Double(step) * 0.01, phone: "p", till: tills[index].id, rssi: SignalModel.reported(rssi), position: phone))
        }
        let fit = try Calibration(RSSITrace(tills: tills, rows: rows))
        #expect(abs(fit.referenceRSSI - (-61)) < 0.5)
        #expect(abs(fit.pathLossExponent - 2.4) < 0.1)
        #expect(abs(fit.packetSigma - 5) < 0.2, "whole-dB rounding adds about 0.3 dB² of variance")
        for (entry, offset) in zip(fit.tillOffsets, offsets) { #expect(abs(entry.offset - offset) < 0.5) }
        #expect(fit.json.contains("\"pathLossExponent\": "))
        #expect(fit.json.contains("\"tillOffsets\": ["))
        // What calibrate writes loads as a floor file's radio section.
        let floor = #"{"tills": [{"x": 0, "y": 0}, {"x": 12, "y": 0}, {"x": 0, "y": 12}, {"x": 12, "y": 12}], "payers": {"arrivals": "pairs"}, "radio": "#
            + fit.json + "}"
        let plan = try FloorFile.parse(floor, file: "calibrated.json")
        #expect(plan.radio.pathLossExponent == fit.pathLossExponent || abs(plan.radio.pathLossExponent - fit.pathLossExponent) < 0.001)
        #expect(abs(plan.radio.referenceRSSI - fit.referenceRSSI) < 0.01)
        for (till, entry) in zip(plan.tills, fit.tillOffsets) { #expect(abs(till.rssiOffset - entry.offset) < 0.01) }
    }

    @Test func calibrationRefusesATraceFromOneDistance() {
        let till = RSSITrace.Till(id: TillID(1), position: Position(x: 0, y: 0, z: 0))
        let rows = (0..<5).map { RSSITrace.Row(t: Double($0), phone: "p", till: TillID(1), rssi: -60 - $0, position: Position(x: 1, y: 0, z: 0)) }
        #expect(throws: CalibrationError.self) { try Calibration(RSSITrace(tills: [till], rows: rows)) }
    }
}
