import MizanGeometry
import Testing
import MizanProtocol
import MizanSim
import MizanFormats
@testable import MizanRecordings
@testable import MizanRadio

/// Traces and tracks a hostile user would write: each is refused with the bound it breaks, or read whole.
@Suite struct HostileTraceTests {
    static let tills = "till,x,y,z\n1,0,0,1\n2,10,0,1\n"

    static func readFailure(_ trace: String) throws -> String? {
        let directory = try TempDirectory()
        let tills = try directory.write("tills.csv", Self.tills)
        let path = try directory.write("trace.csv", trace)
        do {
            _ = try RSSITrace.read(tillsPath: tills, tracePath: path)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func anRSSIBeyondWhatABLEReceiverReportsIsRefusedNamingTheRange() throws {
        let reason = try Self.readFailure("t,phone,till,rssi,x,y,z\n0,p,1,-9200000000000000000,1,0,1\n1,p,1,-60,1,0,1\n")
        #expect(reason?.contains("from -127 to -1") == true, "\(reason ?? "read")")
        #expect(try Self.readFailure("t,phone,till,rssi,x,y,z\n0,p,1,-128,1,0,1\n") != nil)
        #expect(try Self.readFailure("t,phone,till,rssi,x,y,z\n0,p,1,-127,1,0,1\n0,p,1,127,1,0,1\n") == nil)
    }

    @Test func aHexadecimalNumberIsRefusedAndDecimalFormsAreRead() throws {
        let reason = try Self.readFailure("t,phone,till,rssi,x,y,z\n0,p,1,-60,0x1p2,0,1\n")
        #expect(reason?.contains("x must be a number, got '0x1p2'") == true, "\(reason ?? "read")")
        #expect(try Self.readFailure("t,phone,till,rssi,x,y,z\n0x0,p,1,-60,1,0,1\n") != nil)
        #expect(try Self.readFailure("t,phone,till,rssi,x,y,z\n0,p,1,-60,+1.5e0,-.5,1E0\n") == nil)
    }

    @Test func aTimeBeyondTheStatedSpanIsRefused() throws {
        let reason = try Self.readFailure("t,phone,till,rssi,x,y,z\n0,p,1,-60,1,0,1\n1e21,p,1,-60,1,0,1\n")
        #expect(reason?.contains("t must be from") == true, "\(reason ?? "read")")
    }

    @Test func aPhoneSpanningMoreThanADayIsRefusedBeforeAnyReplay() throws {
        let reason = try Self.readFailure("t,phone,till,rssi,x,y,z\n0,p,1,-60,1,0,1\n0,p,2,-70,1,0,1\n1e7,p,1,-60,1,0,1\n")
        #expect(reason?.contains("one day") == true, "\(reason ?? "read")")
    }

    @Test func aPositionFarBeyondAnyFloorIsRefused() throws {
        #expect(try Self.readFailure("t,phone,till,rssi,x,y,z\n0,p,1,-60,1e300,0,1\n")?.contains("metres") == true)
    }

    @Test func fieldsLoseTheSpacesAndTabsAtTheirEndsAndKeepEveryOtherCharacter() throws {
        let directory = try TempDirectory()
        let tills = try directory.write("tills.csv", Self.tills)
        let path = try directory.write("trace.csv", "t, phone ,till,rssi,x,y,z\n \t \n 0\t,caf\u{E9} p ,1, -60 ,1,0,1\n0,\u{301}q,2,-70,1.5,0,1\n0,r\u{600},1,-80,2,0,1\n")
        let trace = try RSSITrace.read(tillsPath: tills, tracePath: path)
        // A combining mark after a comma, a prepended mark before one: the comma splits the line all the same.
        #expect(trace.rows.map(\.phone) == ["caf\u{E9} p", "\u{301}q", "r\u{600}"])
        #expect(trace.rows.map(\.rssi) == [-60, -70, -80])
        #expect(trace.rows.map(\.position.x) == [1, 1.5, 2])
        #expect(try Self.readFailure("t,phone,till,rssi,x,y,z\n0,p,1,-60, \t,0,1\n")?.contains("field 'x' is empty") == true)
        #expect(try Self.readFailure("t,phone,till,rssi,x,y,z\n0,p,1,-60,1,0,1,\n")?.contains("expected 7 fields") == true)
    }

    @Test func aCRLFTraceIsReadRowByRow() throws {
        let directory = try TempDirectory()
        let tills = try directory.write("tills.csv", "till,x,y,z\r\n1,0,0,1\r\n2,10,0,1\r\n")
        let path = try directory.write("trace.csv", "t,phone,till,rssi,x,y,z\r\n0,p,1,-60,1,0,1\r\n0.5,p,2,-70,1,0,1\r\n1,p,1,-61,1,0,1\r\n")
        let trace = try RSSITrace.read(tillsPath: tills, tracePath: path)
        #expect(trace.tills.count == 2)
        #expect(trace.rows.map(\.rssi) == [-60, -70, -61])
    }

    @Test func aBadHeaderShowsAShortExcerptNotTheFile() throws {
        let long = String(repeating: "x,", count: 5_000)
        let reason = try Self.readFailure(long + "\n" + long + "\n")
        #expect(reason?.hasPrefix("expected the header") == true)
        #expect((reason?.count ?? 0) < 200, "\(reason?.count ?? 0) characters")
    }

    @Test func aTillListedTwiceNamesBothLines() throws {
        let directory = try TempDirectory()
        let tills = try directory.write("tills.csv", "till,x,y,z\n1,0,0,1\n2,1,0,1\n1,5,0,1\n")
        let path = try directory.write("trace.csv", "t,phone,till,rssi,x,y,z\n0,p,1,-60,1,0,1\n")
        #expect(throws: InputError(path: tills, line: 4, "till 1 appears twice (first on line 2)")) {
            try RSSITrace.read(tillsPath: tills, tracePath: path)
        }
    }

    static let layout = """
    Dongles:{"aaaaaaaaaaaa": [[1.00, 2.00, 1.22], 16711680, "sensor10"], "000000000101": [[5.5, 0.5, 2.30], 16711730, "sensor11"] }
    Beacons:{"e78f135624ce": [[], 1328790, "beacon1"] }
    """

    static func row(_ t: String, _ receiver: String, _ rssi: String, _ x: Double) -> String {
        "\(t),\(receiver),e78f135624ce,\(rssi),\(x),3.0,1.8,0.1,0.0,-1.0,1.0,0.0,0.1,0.0,-1.0,0.0\r\n"
    }

    @Test func importOfACRLFTrackKeepsEveryRow() throws {
        let directory = try TempDirectory()
        _ = try directory.write("tetam.dev", Self.layout.replacingOccurrences(of: "\n", with: "\r\n"))
        let track = (0..<50).map { Self.row("\(100 + $0)", $0 % 2 == 0 ? "aaaaaaaaaaaa" : "000000000101", "-\(60 + $0 % 7)", Double($0 % 5)) }.joined()
        _ = try directory.write("trk/walk_all_sensors.mbd", track)
        let imported = try DanisImport(directory: directory.path)
        #expect(imported.trace.rows.count == 50)
        #expect(imported.skipped.isEmpty)
    }

    @Test func importRefusesAnRSSIBelowTheBLERange() throws {
        let directory = try TempDirectory()
        _ = try directory.write("tetam.dev", Self.layout)
        _ = try directory.write("trk/walk_all_sensors.mbd", Self.row("1", "aaaaaaaaaaaa", "-9200000000000000000", 1))
        #expect(throws: InputError.self) { try DanisImport(directory: directory.path) }
    }

    @Test func importRefusesAPhoneNameThatWouldBreakTheCSV() throws {
        let directory = try TempDirectory()
        _ = try directory.write("tetam.dev", Self.layout)
        _ = try directory.write("trk/walk,fast_all_sensors.mbd", Self.row("1", "aaaaaaaaaaaa", "-60", 1))
        do {
            _ = try DanisImport(directory: directory.path)
            Issue.record("a phone named 'walk,fast' was imported")
        } catch {
            #expect(error.reason.contains("would break the CSV"))
        }
    }

    @Test func calibrationRefusesAPhoneThatNeverMoves() {
        let tills = [RSSITrace.Till(id: TillID(1), position: Position(x: 0, y: 0, z: 1)),
                     RSSITrace.Till(id: TillID(2), position: Position(x: 7, y: 3, z: 1))]
        // Standing still, but for a nanometre of jitter: the spread is rounding, not distance.
        let rows = (0..<200).map { k in
            RSSITrace.Row(t: Double(k) * 0.1, phone: "p", till: tills[k % 2].id, rssi: -60 - k % 9,
                          position: Position(x: 2 + 1e-9 * Double(k % 3), y: 1, z: 1.2))
        }
        do {
            let fit = try Calibration(RSSITrace(tills: tills, rows: rows))
            Issue.record("fitted an exponent of \(fit.pathLossExponent) for a phone that never moves")
        } catch {
            #expect(error.description.contains("no spread in distance"))
        }
    }

    @Test func anExperimentWhoseListsMultiplyBeyondTheCellLimitIsRefusedBeforeAnyCellIsMade() {
        let spacing = (1...200).map { "\(Double($0) * 0.1)" }.joined(separator: ", ")
        let sigma = (0..<100).map { "\(Double($0) * 0.1)" }.joined(separator: ", ")
        let text = #"{"tillSpacing": [\#(spacing)], "packetSigma": [\#(sigma)], "strategies": [{"name": "mean"}]}"#
        do {
            _ = try ExperimentPlan.parse(text, file: "exp.json")
            Issue.record("20,000 cells were accepted")
        } catch {
            #expect(error.problem.contains("more than 10000 cells"), "\(error)")
        }
        #expect(throws: Never.self) { try ExperimentPlan.parse(#"{"tillSpacing": [\#(spacing)], "strategies": [{"name": "mean"}]}"#, file: "exp.json") }
    }

    @Test func aTwinRadioGivingOneTillTwoOffsetsIsRefused() throws {
        let directory = try TempDirectory()
        let path = try directory.write("radio.json", #"{"referenceRSSI": -59, "pathLossExponent": 2, "packetSigma": 4, "phoneHeight": 1.2, "tillOffsets": [{"till": 1, "offset": 0}, {"till": 1, "offset": 2}]}"#)
        do {
            _ = try TwinRadio.read(path: path)
            Issue.record("a radio giving till 1 two offsets was accepted")
        } catch {
            #expect(error.field == "tillOffsets[1].till")
            #expect(error.problem == "till 1 appears twice")
        }
    }

    @Test func aTwinRadioWithAMisspeltFieldIsRefusedAloneOrInAFloorFile() throws {
        let directory = try TempDirectory()
        let radio = #""radio": {"referenceRSSI": -60, "pathLossExponent": 2, "packetSigma": 4"#
        let cases = [(#"{\#(radio), "pathLosExponent": 9}}"#, "radio.pathLosExponent"), (#"{\#(radio)}, "alsoBogus": [1]}"#, "alsoBogus"),
                     (#"{\#(radio)}, "tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs", "standx": [0, 1]}}"#, "payers.standx")]
        for (text, field) in cases {
            let path = try directory.write("radio.json", text)
            #expect(performing: { _ = try TwinRadio.read(path: path) }, throws: { ($0 as? JSONFileError)?.field == field })
        }
        let floor = try directory.write("floor.json", #"{\#(radio), "advertising": "simple"}, "tills": {"row": {"count": 2}}, "payers": {"arrivals": "pairs"}}"#)
        #expect(try TwinRadio.read(path: floor).signal.pathLossExponent == 2)
        let section = try directory.write("section.json", #"{\#(radio), "advertising": "simple"}}"#)
        #expect(try TwinRadio.read(path: section).signal.pathLossExponent == 2)
    }
}
