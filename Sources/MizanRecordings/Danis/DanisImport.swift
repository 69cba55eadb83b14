import MizanGeometry
import MizanProtocol
import MizanSim
import MizanFormats
import MizanRadio
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Converts the Danis dataset (`tetam.dev` and `trk/*.mbd`, see its
/// `SOURCE.txt`) to RSSI trace format v1: each receiver is a till, the beacon
/// carried along each track is a phone named after the track
/// (`straight_01_all_sensors.mbd` gives `straight_01`), and `t` counts seconds
/// from the track's first row. Rows are put in time order per track (the
/// merged files have a few rows microseconds out of order). A row whose RSSI is
/// 0 dBm or more (two in `straight_05`: 42 and 29) is no reading and is skipped,
/// and reported.
///
/// Each row's 3x3 orientation matrix gives the beacon's heading
/// (`heading(orientation:)`): the matrix turns the device's axes into the
/// track's (x right, y down, z forward, as a camera's), so its third column
/// is the way the device faces; its horizontal part, `atan2(m12, m02)`, is
/// the heading (0 along +x, 90 along +y). Read so, on the five straight
/// tracks the beacon faces the way it walks (circular mean within 2 degrees,
/// resultant length 0.98-1.00 above 0.3 m/s), and on
/// `rectangular_without_rotation` it faces 179 degrees on all four legs, as
/// the file's name says; the matrix's first two columns are often blended
/// with their flip (determinant 0 to 1), the third never is.
public struct DanisImport: Sendable {
    public let layout: DanisLayout
    public let trace: RSSITrace
    /// Rows skipped, as "file:line: reason".
    public let skipped: [String]

    public init(directory: String) throws(InputError) {
        let layoutPath = directory + "/tetam.dev"
        layout = try DanisLayout(text: TextFile.read(layoutPath), path: layoutPath)
        let trackDirectory = directory + "/trk"
        let tracks = try TextFile.list(trackDirectory).filter { $0.hasSuffix(".mbd") }
        guard !tracks.isEmpty else { throw InputError(path: trackDirectory, "no .mbd track files") }
        var places: [Position: String] = [:]
        for receiver in layout.receivers {
            try Self.checkName(receiver.name, what: "receiver name", path: layoutPath)
            try Self.checkName(receiver.mac, what: "receiver MAC", path: layoutPath)
            // What trace format v1 takes (`RSSITrace.read`): positions within its bounds, one till per place.
            for (axis, value) in [("x", receiver.position.x), ("y", receiver.position.y), ("z", receiver.position.z)]
            where !(value.isFinite && RSSITrace.positionBounds.contains(value)) {
                throw InputError(path: layoutPath, "receiver '\(receiver.name)' has \(axis) \(value) m: a till of trace format v1 is within \(Int(RSSITrace.positionBounds.upperBound)) m of the origin")
            }
            if let other = places[receiver.position] {
                throw InputError(path: layoutPath, "receivers '\(other)' and '\(receiver.name)' are at one position: two tills cannot stand in one place; the nearest till would mean nothing")
            }
            places[receiver.position] = receiver.name
        }
        var rows: [RSSITrace.Row] = []
        var skipped: [String] = []
        var phones: [String: String] = [:]
        for file in tracks {
            try Self.checkName(Self.phoneName(file), what: "phone name (from the track's file name)", path: trackDirectory + "/" + file)
            // One phone per track: two tracks with one name would be one phone whose time runs back.
            if let other = phones[Self.phoneName(file)] {
                throw InputError(path: trackDirectory, "tracks '\(other)' and '\(file)' are both phone '\(Self.phoneName(file))' (a track's phone is its file name less _all_sensors.mbd): rename one")
            }
            phones[Self.phoneName(file)] = file
            let track = try Self.readTrack(path: trackDirectory + "/" + file, phone: Self.phoneName(file), layout: layout)
            rows += track.rows
            skipped += track.skipped
        }
        trace = RSSITrace(tills: layout.receivers.map { RSSITrace.Till(id: $0.till, position: $0.position) }, rows: rows)
        self.skipped = skipped
    }

    /// A name written into a CSV field: no comma, quote or line break, no
    /// spaces at either end (the reader trims them), not empty.
    static func checkName(_ name: String, what: String, path: String) throws(InputError) {
        let breaking = name.unicodeScalars.first { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        guard !name.isEmpty, breaking == nil, Substring(name).trimmingSpaces == Substring(name) else {
            throw InputError(path: path, "\(what) '\(TextLines.excerpt(name.debugDescription))' would break the CSV it goes into: a name must be non-empty, without commas, quotes, line breaks, or spaces at either end")
        }
    }

    static func phoneName(_ file: String) -> String {
        var name = String(file.dropLast(".mbd".count))
        if name.hasSuffix("_all_sensors") { name.removeLast("_all_sensors".count) }
        return name
    }

    /// The device's heading, degrees, from its orientation matrix (row-major,
    /// nine numbers): the horizontal part of its third column; nil when that
    /// part is too short to give a direction (the device faces up or down).
    static func heading(orientation m: [Double]) -> Double? {
        let x = m[2], y = m[5]
        guard (x * x + y * y).squareRoot() >= 0.5 else { return nil }
        return atan2(y, x) * 180 / .pi
    }

    /// One track: `timestamp,receiverMAC,beaconMAC,RSSI,x,y,z,` then the 3x3 orientation, row by row.
    static func readTrack(path: String, phone: String, layout: DanisLayout) throws(InputError) -> (rows: [RSSITrace.Row], skipped: [String]) {
        let text = try TextFile.read(path)
        let tills = Dictionary(uniqueKeysWithValues: layout.receivers.map { ($0.mac, $0.till) })
        let beacons = Set(layout.beacons.map(\.mac))
        var parsed: [(timestamp: Double, till: TillID, rssi: Int, position: Position, heading: Double?)] = []
        var skipped: [String] = []
        for (number, rawLine) in TextLines.split(text) {
            let line = rawLine.trimmingSpaces
            if line.isEmpty { continue }
            let fields = line.commaSeparatedFields
            guard fields.count >= 7 else { throw InputError(path: path, line: number, "expected at least 7 comma-separated fields (timestamp,receiverMAC,beaconMAC,RSSI,x,y,z), got \(fields.count)") }
            guard let timestamp = DecimalNumber.read(fields[0]), RSSITrace.timeBounds.contains(timestamp) else {
                throw InputError(path: path, line: number, "timestamp must be a number of seconds from \(RSSITrace.timeBounds.lowerBound) to \(RSSITrace.timeBounds.upperBound), got '\(TextLines.excerpt(fields[0]))'")
            }
            guard let till = tills[String(fields[1])] else { throw InputError(path: path, line: number, "receiver '\(TextLines.excerpt(fields[1]))' is not in tetam.dev") }
            guard beacons.contains(String(fields[2])) else { throw InputError(path: path, line: number, "beacon '\(TextLines.excerpt(fields[2]))' is not in tetam.dev") }
            guard let rssi = Int(fields[3]), rssi >= RSSITrace.rssiBounds.lowerBound else {
                throw InputError(path: path, line: number, "RSSI must be a whole number of dBm from \(RSSITrace.rssiBounds.lowerBound) (what a BLE receiver reports), got '\(TextLines.excerpt(fields[3]))'")
            }
            var xyz: [Double] = []
            for (offset, name) in ["x", "y", "z"].enumerated() {
                guard let value = DecimalNumber.read(fields[4 + offset]), RSSITrace.positionBounds.contains(value) else {
                    throw InputError(path: path, line: number, "\(name) must be a number of metres from \(RSSITrace.positionBounds.lowerBound) to \(RSSITrace.positionBounds.upperBound), got '\(TextLines.excerpt(fields[4 + offset]))'")
                }
                xyz.append(value)
            }
            var heading: Double?
            if fields.count >= 16 {
                var orientation: [Double] = []
                for index in 7..<16 {
                    guard let value = DecimalNumber.read(fields[index]), abs(value) <= 2 else {
                        throw InputError(path: path, line: number, "orientation matrix entry \(index - 6) must be a number from -2 to 2 (a rotation's entries are at most 1), got '\(TextLines.excerpt(fields[index]))'")
                    }
                    orientation.append(value)
                }
                heading = Self.heading(orientation: orientation)
            }
            if rssi >= 0 {
                skipped.append("\(path):\(number): RSSI \(rssi) dBm is not a reading")
                continue
            }
            parsed.append((timestamp, till, rssi, Position(x: xyz[0], y: xyz[1], z: xyz[2]), heading))
        }
        guard let start = parsed.map(\.timestamp).min(), let end = parsed.map(\.timestamp).max() else { throw InputError(path: path, "no rows") }
        guard end - start <= RSSITrace.maximumSpan else {
            throw InputError(path: path, "the track spans \(end - start) s, over the \(Int(RSSITrace.maximumSpan)) s (one day) one phone of a trace may span")
        }
        // Stable: rows with equal timestamps keep their file order.
        let ordered = parsed.enumerated().sorted { $0.element.timestamp != $1.element.timestamp ? $0.element.timestamp < $1.element.timestamp : $0.offset < $1.offset }
        let rows = ordered.map { RSSITrace.Row(t: (($0.element.timestamp - start) * 1e6).rounded() / 1e6, phone: phone, till: $0.element.till, rssi: $0.element.rssi, position: $0.element.position,
                                                 heading: $0.element.heading.map { ($0 * 10).rounded() / 10 }) }
        return (rows, skipped)
    }

    /// `till,mac,name`: which receiver each till is.
    public var receiversCSV: String {
        "till,mac,name\n" + layout.receivers.map { "\($0.till.rawValue),\($0.mac),\($0.name)\n" }.joined()
    }

    /// Writes `tills.csv`, `trace.csv` and `receivers.csv` into `directory` (made if missing).
    public func write(to directory: String) throws(InputError) {
        try TextFile.makeDirectory(directory)
        try trace.write(to: directory)
        try TextFile.write(receiversCSV, to: directory + "/receivers.csv")
    }
}
