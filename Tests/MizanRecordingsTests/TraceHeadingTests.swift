import MizanGeometry
import Testing
import MizanProtocol
import MizanFormats
@testable import MizanRecordings

/// Trace format v1's optional `heading` column, and the way a carrier faces
/// where a recording does not say.
@Suite struct TraceHeadingTests {
    static let tills = "till,x,y,z\n1,0,0,1\n2,5,0,1\n"

    @Test func aTraceWithTheHeadingColumnReadsItAndWritesItBack() throws {
        let directory = try TempDirectory()
        let tills = try directory.write("tills.csv", Self.tills)
        let trace = try directory.write("trace.csv", "t,phone,till,rssi,x,y,z,heading\n0,p,1,-60,1,1,1.2,90\n0.5,p,2,-70,1,1,1.2,-45.5\n")
        let read = try RSSITrace.read(tillsPath: tills, tracePath: trace)
        #expect(read.rows.map(\.heading) == [90, -45.5])
        #expect(read.csvText().trace == "t,phone,till,rssi,x,y,z,heading\n0,p,1,-60,1,1,1.2,90\n0.5,p,2,-70,1,1,1.2,-45.5\n")
    }

    @Test func aTraceWithoutItReadsAsBeforeWithNoHeadings() throws {
        let directory = try TempDirectory()
        let tills = try directory.write("tills.csv", Self.tills)
        let trace = try directory.write("trace.csv", "t,phone,till,rssi,x,y,z\n0,p,1,-60,1,1,1.2\n")
        let read = try RSSITrace.read(tillsPath: tills, tracePath: trace)
        #expect(read.rows.map(\.heading) == [nil])
        #expect(!read.csvText().trace.contains("heading"))
    }

    /// What reading `trace` (with the two tills) refuses, and the trace's path.
    static func refusal(_ trace: String) throws -> (error: InputError?, path: String) {
        let directory = try TempDirectory()
        let tills = try directory.write("tills.csv", Self.tills)
        let path = try directory.write("trace.csv", trace)
        do { _ = try RSSITrace.read(tillsPath: tills, tracePath: path); return (nil, path) } catch { return (error, path) }
    }

    @Test func aHeadingOutOfItsBoundIsRefusedWithTheLine() throws {
        let (error, path) = try Self.refusal("t,phone,till,rssi,x,y,z,heading\n0,p,1,-60,1,1,1.2,400\n")
        #expect(error == InputError(path: path, line: 2, "heading must be from -360 to 360 (degrees, 0 along +x, 90 along +y), got '400'"))
    }

    @Test func aHeaderOfNeitherFormIsRefusedNamingBoth() throws {
        let (error, path) = try Self.refusal("t,phone,till,rssi,x,y,z,yaw\n0,p,1,-60,1,1,1.2,4\n")
        #expect(error == InputError(path: path, line: 1, "expected the header 't,phone,till,rssi,x,y,z' or 't,phone,till,rssi,x,y,z,heading', got 't,phone,till,rssi,x,y,z,yaw'"))
    }

    @Test func withoutHeadingsACarrierFacesTheWayTheyWalkAndKeepsItStanding() {
        // Walks +y for 4 s at 1 m/s, stands 4 s, walks -x for 4 s.
        var rows: [RSSITrace.Row] = []
        for step in 0...120 {
            let t = Double(step) * 0.1
            let position = t <= 4 ? Position(x: 0, y: t) : t <= 8 ? Position(x: 0, y: 4) : Position(x: -(t - 8), y: 4)
            rows.append(RSSITrace.Row(t: t, phone: "p", till: TillID(1), rssi: -60, position: position))
        }
        let path = RecordedPath(rows)
        #expect(!path.headingsRecorded)
        #expect(abs(path.heading(at: 2) - .pi / 2) < 1e-9)
        #expect(abs(path.heading(at: 6) - .pi / 2) < 1e-9)
        #expect(abs(abs(path.heading(at: 10)) - .pi) < 1e-9)
        // Before the first step the carrier already faces the way they will walk.
        #expect(abs(path.heading(at: 0) - .pi / 2) < 1e-9)
    }

    @Test func aRecordedHeadingIsTakenAsItIs() {
        let rows = (0..<10).map { RSSITrace.Row(t: Double($0) * 0.1, phone: "p", till: TillID(1), rssi: -60,
                                                 position: Position(x: Double($0) * 0.1, y: 0), heading: 180) }
        let path = RecordedPath(rows)
        #expect(path.headingsRecorded)
        #expect(abs(path.heading(at: 0.45) - .pi) < 1e-9)
    }
}
