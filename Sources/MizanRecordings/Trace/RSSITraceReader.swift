import MizanGeometry
import MizanProtocol
import MizanSim
import MizanFormats
import MizanRadio

extension RSSITrace {
    /// RSSI a BLE receiver reports, dBm: the controller gives a signed byte
    /// from -127 (Bluetooth Core 5.3, Vol 4, Part E, 7.7.65.2), and a reading
    /// at 0 dBm or more at a phone is no reading (the Danis dataset's +42 and +29).
    public static let rssiBounds = -127 ... -1
    /// Seconds: any origin (a Unix time fits), within about 317 years of zero.
    public static let timeBounds = -1e10...1e10
    /// The longest recording one phone may span, seconds: a day.
    public static let maximumSpan = 86_400.0
    /// Metres, within 10 km of the origin: a shop floor, with room to spare.
    public static let positionBounds = -10_000.0...10_000.0
    /// Degrees: one turn either way.
    public static let headingBounds = -360.0...360.0

    /// Reads `tills.csv` and `trace.csv`. Every mistake names the file and line.
    public static func read(tillsPath: String, tracePath: String) throws(InputError) -> RSSITrace {
        let tills = try readTills(tillsPath)
        let known = Set(tills.map(\.id))
        // Row by row as the file streams in: memory holds the rows read, never the file's text.
        var rows: [Row] = []
        // Each phone's first and last t so far.
        var spans: [String: (first: Double, last: Double)] = [:]
        try CSVTable.stream(path: tracePath, headers: [traceHeader, traceHeaderWithHeading]) { (table, row) throws(InputError) in
            let t = try table.number(row, 0, "t", in: timeBounds, "seconds")
            let phone = String(row.fields[1])
            // A name goes into CSV, JSON, pictures and the terminal as written: no control characters, no quotes.
            guard !phone.unicodeScalars.contains(where: { TextLines.isControl($0) || $0 == "\"" }) else {
                throw InputError(path: tracePath, line: row.line, "phone '\(TextLines.excerpt(phone))' holds a control character or a quote: name phones with printable characters")
            }
            guard let id = UInt32(row.fields[2]), known.contains(TillID(id)) else {
                throw InputError(path: tracePath, line: row.line, "till '\(TextLines.excerpt(row.fields[2]))' is not in \(tillsPath)")
            }
            guard let rssi = Int(row.fields[3]), rssiBounds.contains(rssi) || rssi == RSSISample.notAvailable else {
                throw InputError(path: tracePath, line: row.line,
                                 "rssi must be a whole number of dBm from \(rssiBounds.lowerBound) to \(rssiBounds.upperBound) (what a BLE receiver reports), or 127 for not available, got '\(TextLines.excerpt(row.fields[3]))'")
            }
            let span = spans[phone] ?? (t, t)
            if t < span.last {
                throw InputError(path: tracePath, line: row.line, "t goes back in time for phone '\(phone)' (\(t) after \(span.last))")
            }
            guard t - span.first <= maximumSpan else {
                throw InputError(path: tracePath, line: row.line,
                                 "phone '\(phone)' spans more than \(Int(maximumSpan)) s (one day) of recording (t \(t) against its first row's \(span.first)): split the recording into phones of a day at most")
            }
            spans[phone] = (span.first, t)
            let position = Position(x: try table.number(row, 4, "x", in: positionBounds, "metres"),
                                    y: try table.number(row, 5, "y", in: positionBounds, "metres"),
                                    z: try table.number(row, 6, "z", in: positionBounds, "metres"))
            let heading = row.fields.count > 7 ? try table.number(row, 7, "heading", in: headingBounds, "degrees, 0 along +x, 90 along +y") : nil
            rows.append(Row(t: t, phone: phone, till: TillID(id), rssi: rssi, position: position, heading: heading))
        }
        guard !rows.isEmpty else { throw InputError(path: tracePath, "no samples under its header: a trace needs at least one row") }
        return RSSITrace(tills: tills, rows: rows)
    }

    static func readTills(_ path: String) throws(InputError) -> [Till] {
        var tills: [Till] = []
        var lines: [UInt32: Int] = [:]
        var places: [Position: UInt32] = [:]
        try CSVTable.stream(path: path, header: tillsHeader) { (table, row) throws(InputError) in
            guard let id = UInt32(row.fields[0]) else {
                throw InputError(path: path, line: row.line, "till must be a whole number from 0 to \(UInt32.max), got '\(TextLines.excerpt(row.fields[0]))'")
            }
            if let line = lines[id] { throw InputError(path: path, line: row.line, "till \(id) appears twice (first on line \(line))") }
            lines[id] = row.line
            let position = Position(x: try table.number(row, 1, "x", in: positionBounds, "metres"),
                                    y: try table.number(row, 2, "y", in: positionBounds, "metres"),
                                    z: try table.number(row, 3, "z", in: positionBounds, "metres"))
            // Nearest till is what every reader of a trace scores: two tills in one place make it mean nothing.
            if let other = places[position] {
                throw InputError(path: path, line: row.line, "till \(id) is at the same position as till \(other) (\(position.x), \(position.y), \(position.z)): two tills cannot stand in one place; the nearest till would mean nothing")
            }
            places[position] = id
            tills.append(Till(id: TillID(id), position: position))
        }
        guard !tills.isEmpty else { throw InputError(path: path, "no tills") }
        return tills
    }

    /// The two files' text, as `read` expects them.
    public func csvText() -> (tills: String, trace: String) {
        var tillsText = Self.tillsHeader.joined(separator: ",") + "\n"
        for till in tills {
            tillsText += "\(till.id.rawValue),\(Self.metres(till.position.x)),\(Self.metres(till.position.y)),\(Self.metres(till.position.z))\n"
        }
        let headings = hasHeadings
        var traceText = (headings ? Self.traceHeaderWithHeading : Self.traceHeader).joined(separator: ",") + "\n"
        for row in rows {
            traceText += "\(Figures.csv(row.t, digits: 6)),\(row.phone),\(row.till.rawValue),\(row.rssi),"
                + "\(Self.metres(row.position.x)),\(Self.metres(row.position.y)),\(Self.metres(row.position.z))"
                + (headings ? "," + Figures.csv(row.heading ?? 0, digits: 1) + "\n" : "\n")
        }
        return (tillsText, traceText)
    }

    /// Writes `tills.csv` and `trace.csv` into `directory`.
    public func write(to directory: String) throws(InputError) {
        let text = csvText()
        try TextFile.write(text.tills, to: directory + "/tills.csv")
        try TextFile.write(text.trace, to: directory + "/trace.csv")
    }

    private static func metres(_ value: Double) -> String { Figures.csv(value, digits: 4) }
}
