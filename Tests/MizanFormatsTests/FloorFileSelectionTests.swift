import Testing
import MizanSim
import MizanFormats

/// A floor file's phones may pick their till with the position-based strategy,
/// given a calibration; the floor runs it and reports its wrong-till rate.
@Suite struct FloorFileSelectionTests {
    static let calibration = #"{"referenceRSSI": -59, "pathLossExponent": 2.2, "packetSigma": 6, "phoneHeight": 1.2, "tillOffsets": [{"till": 1, "offset": 0}]}"#

    static func floor(_ selection: String) -> String {
        #"{"minutes": 0.5, "tills": {"row": {"count": 3, "spacing": 2}}, "payers": {"arrivals": "pairs"}, "phones": {"selection": "# + selection + #"}, "radio": {"link": "simple"}}"#
    }

    func problem(_ text: String) -> String? {
        do { _ = try FloorFile.parse(text, file: "floor.json"); return nil } catch { return error.description }
    }

    @Test func aFloorRunsThePositionStrategyWithItsCalibration() throws {
        let plan = try FloorFile.parse(Self.floor(#"{"name": "position", "window": 1, "calibration": "# + Self.calibration + "}"), file: "floor.json")
        #expect(plan.phoneSelection.label == "position window=1.0")
        let report = try Floor(plan: plan, seed: 3).run()
        #expect(report.attemptsWithChoice > 0)
        #expect((report.wrongTillRate ?? 1) < 0.5, "tills 2 m apart, payers at their till: the position picks it most of the time")
        let wrapped = try FloorFile.parse(Self.floor(#"{"name": "confident", "base": "position", "margin": 3, "calibration": "# + Self.calibration + "}"), file: "floor.json")
        #expect(wrapped.phoneSelection.label == "confident(position) margin=3.0 deadline=3.0 window=1.0")
    }

    @Test func aPositionStrategyWithoutACalibrationOrAFingerprintWithoutAWalkIsRefused() {
        #expect(problem(Self.floor(#"{"name": "position"}"#))
            == "floor.json: field 'phones.selection.calibration': 'position' is position-based: expected a calibration object (mizan calibrate's output) or a walk object (a simulated calibration walk)")
        #expect(problem(Self.floor(#"{"name": "fingerprint", "calibration": "# + Self.calibration + "}"))
            == "floor.json: field 'phones.selection.walk': 'fingerprint' learns from a calibration walk: expected a walk object ({} simulates one over this floor; docs/floor-files.md)")
        #expect(problem(Self.floor(#"{"name": "position", "calibration": {"referenceRSSI": -59}}"#))?.contains("phones.selection.calibration.pathLossExponent") == true)
        #expect(problem(Self.floor(#"{"name": "fingerprint", "walk": {"pace": 1}}"#))?.contains("phones.selection.walk") == true)
        #expect(problem(Self.floor(#"{"name": "fingerprint", "walk": {"speed": 0}}"#))?.contains("phones.selection.walk.speed") == true)
        #expect(problem(Self.floor(#"{"name": "fingerprint", "walk": {"seed": -1}}"#))?.contains("phones.selection.walk.seed") == true)
    }

    @Test func aStrategyThatNeedsNoCalibrationIgnoresTheFloorsSoASweepCanVaryTheName() throws {
        let plan = try FloorFile.parse(Self.floor(#"{"name": "mean", "walk": {}, "calibration": "# + Self.calibration + "}"), file: "floor.json")
        #expect(plan.phoneSelection.label == "mean window=1.0")
        let sweep = try SweepFile.parse(#"{"floor": "# + Self.floor(#"{"name": "mean", "walk": {}}"#)
            + #", "seeds": 1, "grid": [{"field": "phones.selection.name", "values": ["strongest", "position", "fingerprint"]}]}"#, file: "sweep.json")
        #expect(try (0..<3).map { try sweep.plan(ofCell: $0).phoneSelection.label.split(separator: " ").first ?? "" }
            == ["strongest", "position", "fingerprint"])
    }

    @Test func aFloorSimulatesItsCalibrationWalkAndRunsTheFingerprint() throws {
        let text = Self.floor(#"{"name": "fingerprint", "walk": {"seed": 4}}"#)
        let plan = try FloorFile.parse(text, file: "floor.json")
        #expect(plan.phoneSelection.label == "fingerprint bandwidth=1.0 pathPrior=0.5 window=1.0")
        #expect(try FloorFile.parse(text, file: "floor.json").phoneSelection == plan.phoneSelection, "the walk is seeded: the same file, the same map")
        #expect(try FloorFile.parse(Self.floor(#"{"name": "fingerprint", "walk": {"seed": 5}}"#), file: "floor.json").phoneSelection != plan.phoneSelection)
        let report = try Floor(plan: plan, seed: 3).run()
        #expect(report.attemptsWithChoice > 0)
        #expect((report.wrongTillRate ?? 1) < 0.5, "tills 2 m apart, payers at their till: the fingerprint picks it most of the time")
    }

    @Test func aCalibrationOffsetForATillTheFloorDoesNotHaveIsRefusedByItsPath() {
        let calibration = #"{"referenceRSSI": -59, "pathLossExponent": 2.2, "packetSigma": 6, "phoneHeight": 1.2, "tillOffsets": [{"till": 1, "offset": 0}, {"till": 99, "offset": 2}]}"#
        for strategy in ["position", "strongest"] {
            let problem = problem(Self.floor(#"{"name": ""# + strategy + #"", "calibration": "# + calibration + "}"))
            #expect(problem?.contains("phones.selection.calibration.tillOffsets[1].till") == true, "\(strategy): \(problem ?? "accepted")")
            #expect(problem?.contains("till 99 is not on this floor") == true)
        }
    }
}
