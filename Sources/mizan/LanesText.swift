import MizanRehearsal
import MizanFormats

/// How `mizan lanes` prints its results: a table, or JSON.
enum LanesText {
    static func table(_ results: [LaneResult]) -> String {
        let header = ["lane", "ending", "real", "host screen", "phone screen", "charged", "log audit", "pass"]
        let rows = results.map { result in
            [result.lane.name, String(result.lane.ending.rawValue), result.lane.real.rawValue,
             result.hostScreen?.rawValue ?? "-", result.phoneScreen?.rawValue ?? "-",
             result.charged ? "yes" : "no", audit(result), result.passed ? "pass" : "FAIL"]
        }
        var widths = header.map(\.count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = Swift.max(widths[i], cell.count) } }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (i, cell) in cells.enumerated() {
                text += i == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count + 2)
            }
            return text
        }
        var lines = [line(header), line(widths.map { String(repeating: "-", count: $0) })]
        lines += rows.map(line)
        let failed = results.filter { !$0.passed }
        lines.append("")
        lines.append("\(results.count - failed.count) of \(results.count) lanes passed")
        for result in failed {
            lines.append("")
            lines.append("\(result.lane.name) (\(result.lane.file)):")
            for problem in result.problems { lines.append("  - \(problem)") }
            for finding in result.audit { lines.append("  - log audit: \(finding)") }
        }
        return lines.joined(separator: "\n")
    }

    /// A JSON array, one lane per line.
    static func json(_ results: [LaneResult]) -> String {
        let items: [JSON] = results.map { result in
            .object([
                ("lane", .string(result.lane.name)),
                ("file", .string(result.lane.file)),
                ("ending", .int(result.lane.ending.rawValue)),
                ("real", .string(result.lane.real.rawValue)),
                ("hostScreen", result.hostScreen.map { .string($0.rawValue) } ?? .null),
                ("phoneScreen", result.phoneScreen.map { .string($0.rawValue) } ?? .null),
                ("charged", .bool(result.charged)),
                ("logLines", .int(result.logLines)),
                ("logAudit", .array(result.audit.map { .string($0.description) })),
                ("problems", .array(result.problems.map { .string($0) })),
                ("pass", .bool(result.passed)),
            ])
        }
        return JSONWriter.lines(.compact).text(.array(items))
    }

    private static func audit(_ result: LaneResult) -> String {
        result.audit.isEmpty ? "clean (\(result.logLines) lines)" : "\(result.audit.count) finding(s)"
    }
}
