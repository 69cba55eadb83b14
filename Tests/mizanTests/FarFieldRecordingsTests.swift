import MizanGeometry
import MizanRadio
import MizanRecordings
import Testing

/// The far field's breakpoint lies beyond every distance the recordings in
/// the repository hold, so that the near slope fitted on them is what the
/// floor and the twin keep there (docs/radio.md, "Far field").
@Suite struct FarFieldRecordingsTests {
    static func farthest(_ trace: RSSITrace) -> Double {
        var farthest = 0.0
        for row in trace.rows {
            for till in trace.tills { farthest = max(farthest, row.position.distance(to: till.position)) }
        }
        return farthest
    }

    @Test func theRecordingsLieWithinTheFarFieldsBreakpoint() throws {
        let breakpoint = try #require(RadioParameters().farField).breakpoint
        let danis = try DanisImport(directory: DeployFilesTests.root + "/data/rssi/danis").trace
        let flatFolder = DeployFilesTests.root + "/data/rssi/kolakowski-flat"
        let flat = try RSSITrace.read(tillsPath: flatFolder + "/tills.csv", tracePath: flatFolder + "/trace.csv")
        for (name, trace) in [("danis", danis), ("flat", flat)] {
            let farthest = Self.farthest(trace)
            // Far enough to matter (the whole room), and within the breakpoint.
            #expect(farthest > 5 && farthest < breakpoint, "\(name): \(farthest) m")
        }
    }
}
