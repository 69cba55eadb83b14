import MizanProtocol
import MizanSim
import MizanFormats

extension RSSITrace {
    /// Reads `tills.csv` and `trace.csv`. Every mistake names the file and line.
    public static func read(tillsPath: String, tracePath: String) throws(InputError) -> RSSITrace {
        let tills = try readTills(tillsPath)
        let known = Set(tills.map(\.id))
        let table = try CSVTable(TextFile.read(tracePath), path: tracePath, header: traceHeader)
        var rows: [Row] = []
        rows.reserveCapacity(table.rows.count)
        var lastT: [String: Double] = [:]
        for row in table.rows {
            let t = try table.number(row, 0, "t")
            let phone = String(row.fields[1])
            guard let id = UInt32(row.fields[2]), known.contains(TillID(id)) else {
                throw InputError(path: tracePath, line: row.line, "till '\(row.fields[2])' is not in \(tillsPath)")
            }
            guard let rssi = Int(row.fields[3]), rssi < 0 || rssi == RSSISample.notAvailable else {
                throw InputError(path: tracePath, line: row.line, "rssi must be a negative whole number of dBm (or 127), got '\(row.fields[3])'")
            }
            if let previous = lastT[phone], t < previous {
                throw InputError(path: tracePath, line: row.line, "t goes back in time for phone '\(phone)' (\(t) after \(previous))")
            }
            lastT[phone] = t
            let position = Position(x: try table.number(row, 4, "x"), y: try table.number(row, 5, "y"), z: try table.number(row, 6, "z"))
            rows.append(Row(t: t, phone: phone, till: TillID(id), rssi: rssi, position: position))
        }
        return RSSITrace(tills: tills, rows: rows)
    }

    static func readTills(_ path: String) throws(InputError) -> [Till] {
        let table = try CSVTable(TextFile.read(path), path: path, header: tillsHeader)
        var tills: [Till] = []
        for row in table.rows {
            guard let id = UInt32(row.fields[0]) else {
                throw InputError(path: path, line: row.line, "till must be a whole number from 0 to \(UInt32.max), got '\(row.fields[0])'")
            }
            if tills.contains(where: { $0.id.rawValue == id }) { throw InputError(path: path, line: row.line, "till \(id) appears twice") }
            let position = Position(x: try table.number(row, 1, "x"), y: try table.number(row, 2, "y"), z: try table.number(row, 3, "z"))
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
        var traceText = Self.traceHeader.joined(separator: ",") + "\n"
        for row in rows {
            traceText += "\(Decimals.format(row.t, digits: 6)),\(row.phone),\(row.till.rawValue),\(row.rssi),"
                + "\(Self.metres(row.position.x)),\(Self.metres(row.position.y)),\(Self.metres(row.position.z))\n"
        }
        return (tillsText, traceText)
    }

    /// Writes `tills.csv` and `trace.csv` into `directory`.
    public func write(to directory: String) throws(InputError) {
        let text = csvText()
        try TextFile.write(text.tills, to: directory + "/tills.csv")
        try TextFile.write(text.trace, to: directory + "/trace.csv")
    }

    private static func metres(_ value: Double) -> String { Decimals.format(value, digits: 4) }
}
