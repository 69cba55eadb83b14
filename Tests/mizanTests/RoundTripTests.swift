import Foundation
import MizanFormats
import MizanRecordings
import Testing
@testable import mizan

/// What `import`, `calibrate` and `twin` write, every command that reads
/// such files takes (`select`, `evaluate`, `calibrate`, `twin`), or the
/// producer refuses to write it and says why.
@Suite struct RoundTripTests {
    /// A copy of the Danis dataset with only `tracks` (its shorter ones: the tests stay quick).
    static func danis(_ tracks: [String], layout: String? = nil) throws -> String {
        let source = DeployFilesTests.root + "/data/rssi/danis"
        let folder = try Recording.folder()
        try FileManager.default.createDirectory(atPath: folder + "/trk", withIntermediateDirectories: true)
        let tetam = try layout ?? String(contentsOfFile: source + "/tetam.dev", encoding: .utf8)
        try tetam.write(toFile: folder + "/tetam.dev", atomically: true, encoding: .utf8)
        for name in tracks {
            try FileManager.default.copyItem(atPath: source + "/trk/" + name, toPath: folder + "/trk/" + name)
        }
        return folder
    }

    /// Every reader of a recording takes `tills`/`trace`; a calibration of it is written to `calibration`.
    static func everyReaderTakes(tills: String, trace: String, calibration: String) throws {
        #expect(try SelectCommand.main(["--tills", tills, "--trace", trace]) == 0)
        #expect(try EvaluateCommand.main(["--tills", tills, "--trace", trace, "--family", "strongest"]) == 0)
        #expect(try CalibrateCommand.main(["--tills", tills, "--trace", trace]) == 0)
        let json = try Calibration(RSSITrace.read(tillsPath: tills, tracePath: trace)).checkedJSON()
        try json.write(toFile: calibration, atomically: true, encoding: .utf8)
    }

    @Test func whatImportWritesEveryReaderTakes() throws {
        let dataset = try Self.danis(["straight_04_all_sensors.mbd", "straight_03_all_sensors.mbd", "straight_02_all_sensors.mbd"])
        let out = dataset + "/imported"
        #expect(try ImportCommand.main(["danis", dataset, out]) == 0)
        try Self.everyReaderTakes(tills: out + "/tills.csv", trace: out + "/trace.csv", calibration: dataset + "/calibration.json")
        #expect(try TwinCommand.main(["--tills", out + "/tills.csv", "--trace", out + "/trace.csv", "--fit-trace", out + "/trace.csv", "--out", dataset + "/twin"]) == 0)
    }

    @Test func whatCalibrateWritesSelectTwinAndAFloorFileRead() throws {
        let recording = try Recording.write()
        let calibration = recording.folder + "/calibration.json"
        try Self.everyReaderTakes(tills: recording.tills, trace: recording.trace, calibration: calibration)
        #expect(try SelectCommand.main(["--tills", recording.tills, "--trace", recording.trace, "--strategy", "position", "--calibration", calibration]) == 0)
        #expect(try TwinCommand.main(["--tills", recording.tills, "--trace", recording.trace, "--radio", calibration, "--out", recording.folder + "/twin"]) == 0)
        #expect(try TwinCommand.main(["--tills", recording.tills, "--trace", recording.trace, "--radio", calibration, "--compare", "--seeds", "2"]) == 0)
        // The radio section of a floor of the same three tills.
        let radio = try String(contentsOfFile: calibration, encoding: .utf8)
        _ = try FloorFile.parse(#"{"tills": {"row": {"count": 3, "spacing": 3}}, "payers": {"arrivals": "pairs"}, "radio": \#(radio)}"#, file: "floor.json")
    }

    @Test func whatTwinWritesEveryReaderTakes() throws {
        let recording = try Recording.write()
        let twin = recording.folder + "/twin"
        #expect(try TwinCommand.main(["--tills", recording.tills, "--trace", recording.trace, "--radio", try Recording.radio(), "--out", twin]) == 0)
        try Self.everyReaderTakes(tills: twin + "/tills.csv", trace: twin + "/trace.csv", calibration: recording.folder + "/calibration.json")
        #expect(try TwinCommand.main(["--tills", twin + "/tills.csv", "--trace", recording.trace, "--fit-trace", twin + "/trace.csv", "--out", recording.folder + "/again"]) == 0)
    }

    @Test func calibrateRefusesAFitWhoseExponentIsNotAboveZero() throws {
        let recording = try Recording.write()
        // RSSI that rises with distance.
        var text = "t,phone,till,rssi,x,y,z\n"
        for step in 0..<40 {
            let x = Double(step) * 0.2
            for (till, tillX) in [(1, 0.0), (2, 3.0), (3, 6.0)] {
                let distance = abs(x - tillX) + 0.5
                text += "\(Double(step) * 0.5),a,\(till),\(Int((-80 + 10 * log10(distance * 4)).rounded())),\(x),0.5,1.2\n"
            }
        }
        try text.write(toFile: recording.trace, atomically: true, encoding: .utf8)
        let failure = RunCommandTests.failure { try CalibrateCommand.main(["--tills", recording.tills, "--trace", recording.trace]) }
        #expect(failure?.status == 2)
        #expect(failure?.message.contains("the fitted path-loss exponent is -") == true, "\(failure?.message ?? "accepted")")
        #expect(failure?.message.contains("RSSI does not fall with distance") == true)
    }

    @Test func importRefusesTwoTracksWithOnePhoneName() throws {
        let dataset = try Self.danis(["straight_04_all_sensors.mbd"])
        try FileManager.default.copyItem(atPath: dataset + "/trk/straight_04_all_sensors.mbd", toPath: dataset + "/trk/straight_04.mbd")
        let failure = RunCommandTests.failure { try ImportCommand.main(["danis", dataset, dataset + "/out"]) }
        #expect(failure?.status == 2)
        #expect(failure?.message.contains("tracks 'straight_04.mbd' and 'straight_04_all_sensors.mbd' are both phone 'straight_04'") == true, "\(failure?.message ?? "accepted")")
        #expect(!FileManager.default.fileExists(atPath: dataset + "/out/trace.csv"))
    }

    @Test func importRefusesAReceiverFarOutsideTheTraceFormatsBounds() throws {
        let layout = try String(contentsOfFile: DeployFilesTests.root + "/data/rssi/danis/tetam.dev", encoding: .utf8)
            .replacingOccurrences(of: "[[7.00, 7.09, 1.22]", with: "[[20000.0, 7.09, 1.22]")
        let dataset = try Self.danis(["straight_04_all_sensors.mbd"], layout: layout)
        let failure = RunCommandTests.failure { try ImportCommand.main(["danis", dataset, dataset + "/out"]) }
        #expect(failure?.status == 2)
        #expect(failure?.message.contains("receiver 'sensor10' has x 20000.0 m: a till of trace format v1 is within 10000 m of the origin") == true, "\(failure?.message ?? "accepted")")
    }

    @Test func aCalibrationOfOtherTillsIsRefusedBySelectAndTwin() throws {
        let recording = try Recording.write()
        let calibration = try RunCommandTests.file(#"{"referenceRSSI": -59, "pathLossExponent": 2, "packetSigma": 4, "phoneHeight": 1.2, "tillOffsets": [{"till": 1, "offset": 0}, {"till": 9, "offset": 1}]}"#)
        let select = RunCommandTests.failure {
            try SelectCommand.main(["--tills", recording.tills, "--trace", recording.trace, "--strategy", "position", "--calibration", calibration])
        }
        #expect(select?.status == 2)
        #expect(select?.message == "\(calibration): tillOffsets gives till 9, which is not in \(recording.tills): a calibration of other tills; calibrate on a trace of these tills")
        let twin = RunCommandTests.failure { try TwinCommand.main(["--tills", recording.tills, "--trace", recording.trace, "--radio", calibration]) }
        #expect(twin?.message == select?.message)
    }

    @Test func twoTillsAtOnePositionAreRefused() throws {
        let recording = try Recording.write()
        try "till,x,y,z\n1,0,0,1\n2,3,0,1\n3,0,0,1\n".write(toFile: recording.tills, atomically: true, encoding: .utf8)
        let failure = RunCommandTests.failure { try SelectCommand.main(["--tills", recording.tills, "--trace", recording.trace]) }
        #expect(failure?.status == 2)
        #expect(failure?.message == "\(recording.tills):4: till 3 is at the same position as till 1 (0.0, 0.0, 1.0): two tills cannot stand in one place; the nearest till would mean nothing")
    }
}
