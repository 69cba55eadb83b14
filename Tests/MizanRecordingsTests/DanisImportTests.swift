import MizanGeometry
import Testing
import MizanProtocol
import MizanSim
import MizanFormats
@testable import MizanRecordings
@testable import MizanRadio

@Suite struct DanisImportTests {
    static let layout = """
    Dongles:{"aaaaaaaaaaaa": [[1.00, 2.00, 1.22], 16711680, "sensor10"], "000000000101": [[5.5, 0.5, 2.30], 16711730, "sensor11"] }
    Beacons:{"e78f135624ce": [[], 1328790, "beacon1"] }
    """

    static func row(_ t: String, _ receiver: String, _ rssi: Int, _ x: Double) -> String {
        "\(t),\(receiver),e78f135624ce,\(rssi),\(x),3.0,1.8,0.1,0.0,-1.0,1.0,0.0,0.1,0.0,-1.0,0.0\n"
    }

    @Test func importTurnsReceiversIntoTillsAndTheTrackIntoAPhoneInTimeOrder() throws {
        let directory = try TempDirectory()
        _ = try directory.write("tetam.dev", Self.layout)
        _ = try directory.write("trk/walk_all_sensors.mbd",
                                Self.row("100.5", "aaaaaaaaaaaa", -70, 1) + Self.row("100.25", "000000000101", -80, 2)
                                + Self.row("101.0", "000000000101", 42, 3) + Self.row("101.5", "aaaaaaaaaaaa", -65, 4))
        let imported = try DanisImport(directory: directory.path)
        #expect(imported.trace.tills == [RSSITrace.Till(id: TillID(1), position: Position(x: 1, y: 2, z: 1.22)),
                                         RSSITrace.Till(id: TillID(2), position: Position(x: 5.5, y: 0.5, z: 2.3))])
        #expect(imported.trace.rows == [
            // The orientation's third column is (-1, 0.1, 0): facing -x, a little toward +y.
            RSSITrace.Row(t: 0, phone: "walk", till: TillID(2), rssi: -80, position: Position(x: 2, y: 3, z: 1.8), heading: 174.3),
            RSSITrace.Row(t: 0.25, phone: "walk", till: TillID(1), rssi: -70, position: Position(x: 1, y: 3, z: 1.8), heading: 174.3),
            RSSITrace.Row(t: 1.25, phone: "walk", till: TillID(1), rssi: -65, position: Position(x: 4, y: 3, z: 1.8), heading: 174.3),
        ])
        #expect(imported.skipped == ["\(directory.path)/trk/walk_all_sensors.mbd:3: RSSI 42 dBm is not a reading"])
        let out = directory.path + "/out"
        try imported.write(to: out)
        let again = try RSSITrace.read(tillsPath: out + "/tills.csv", tracePath: out + "/trace.csv")
        #expect(again.rows == imported.trace.rows)
    }

    @Test func theHeadingIsTheOrientationsThirdColumnSeenFromAbove() {
        // Columns: the device's x, y and z axes in the track's frame; z is where it faces.
        #expect(DanisImport.heading(orientation: [1, 0, 0, 0, 0, 1, 0, -1, 0]) == 90)
        #expect(DanisImport.heading(orientation: [0, 0, 1, 1, 0, 0, 0, 1, 0]) == 0)
        #expect(DanisImport.heading(orientation: [0, 0, -0.6, 0, 1, -0.6, 1, 0, 0]) == -135)
        // Facing straight up: no heading.
        #expect(DanisImport.heading(orientation: [1, 0, 0, 0, 1, 0, 0, 0, 1]) == nil)
    }

    @Test func aTrackWithoutItsOrientationImportsWithoutHeadings() throws {
        let directory = try TempDirectory()
        _ = try directory.write("tetam.dev", Self.layout)
        _ = try directory.write("trk/walk.mbd", "1,aaaaaaaaaaaa,e78f135624ce,-70,1,3,1.8\n2,aaaaaaaaaaaa,e78f135624ce,-71,1,3,1.8\n")
        let imported = try DanisImport(directory: directory.path)
        #expect(imported.trace.rows.map(\.heading) == [nil, nil])
        #expect(imported.trace.csvText().trace.hasPrefix("t,phone,till,rssi,x,y,z\n"))
    }

    @Test func aMalformedOrientationIsAnErrorNamingFileAndLine() throws {
        let directory = try TempDirectory()
        _ = try directory.write("tetam.dev", Self.layout)
        let track = try directory.write("trk/walk.mbd", "1,aaaaaaaaaaaa,e78f135624ce,-70,1,3,1.8,0,0,x,1,0,0,0,1,0\n")
        #expect(throws: InputError(path: track, line: 1, "orientation matrix entry 3 must be a number from -2 to 2 (a rotation's entries are at most 1), got 'x'")) {
            try DanisImport(directory: directory.path)
        }
    }

    @Test func anUnknownReceiverIsAnErrorNamingFileAndLine() throws {
        let directory = try TempDirectory()
        _ = try directory.write("tetam.dev", Self.layout)
        let track = try directory.write("trk/walk.mbd", Self.row("1", "aaaaaaaaaaaa", -70, 1) + Self.row("2", "bbbbbbbbbbbb", -70, 1))
        #expect(throws: InputError(path: track, line: 2, "receiver 'bbbbbbbbbbbb' is not in tetam.dev")) {
            try DanisImport(directory: directory.path)
        }
    }

    @Test func aShortOrNonNumericRowIsAnErrorNamingFileAndLine() throws {
        let directory = try TempDirectory()
        _ = try directory.write("tetam.dev", Self.layout)
        let track = try directory.write("trk/walk.mbd", Self.row("1", "aaaaaaaaaaaa", -70, 1) + "2,aaaaaaaaaaaa,e78f135624ce,loud,1,2,3\n")
        #expect(throws: InputError(path: track, line: 2, "RSSI must be a whole number of dBm from -127 (what a BLE receiver reports), got 'loud'")) {
            try DanisImport(directory: directory.path)
        }
    }

    @Test func aBrokenLayoutFileIsAnErrorNamingFileAndLine() throws {
        let directory = try TempDirectory()
        let layout = try directory.write("tetam.dev", "Dongles:{\"aa\": [[1, 2], 1, \"s\"]}\nBeacons:{}\n")
        #expect(throws: InputError(path: layout, line: 1, "receiver 'aa': expected [[x, y, z], colour, \"name\"]")) {
            try DanisImport(directory: directory.path)
        }
        #expect(throws: InputError.self) { try DanisImport(directory: directory.path + "/missing") }
        let twice = try directory.write("tetam.dev", "Beacons:{}\nDongles:{\"aa\": [[1, 2, 3], 1, \"s\"]}\nBeacons:{}\n")
        #expect(throws: InputError(path: twice, line: 3, "a second 'Beacons:' line: give each section once")) {
            try DanisImport(directory: directory.path)
        }
    }
}
