import Testing
@testable import MizanFormats

/// The sweep's table shows a swept value briefly (the lines keep it whole).
@Suite struct SweepTableTests {
    @Test func aStrategyIsShownByItsNameAndFieldsWithALongCalibrationAbbreviated() throws {
        let strategy = try JSONParser.parse(#"{"name": "confident", "base": "position", "margin": 4, "calibration": {"referenceRSSI": -59, "pathLossExponent": 2.2, "tillOffsets": []}, "walk": {"seed": 1}}"#)
        #expect(SweepTable.text(strategy) == #"confident base=position margin=4 calibration={…} walk={"seed":1}"#)
        #expect(SweepTable.text(.string("faithful")) == "faithful")
        #expect(SweepTable.text(try JSONParser.parse("2.5")) == "2.5")
    }
}
