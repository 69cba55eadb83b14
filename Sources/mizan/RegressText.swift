import MizanRehearsal

/// How `mizan regress drop-mid-handshake` prints its table.
enum RegressText {
    static func render(_ table: RegressionTable, seeds: Int) -> String {
        let runs = table.rows.reduce(0) { $0 + $1.runs }
        var lines = ["drop mid-handshake: \(table.rows.count) drops x \(seeds) seed\(seeds == 1 ? "" : "s") = \(runs) runs", ""]
        let width = Swift.max(4, table.rows.map(\.drop.label.count).max() ?? 0)
        lines.append(pad("drop", width) + "  " + pad("runs", 6) + "  host ending / phone ending: count (catalogue ending)")
        for row in table.rows {
            let pairs = row.counts.map { "\(RegressionTable.name($0.pair.host)) / \(RegressionTable.name($0.pair.phone)): \($0.count) (\(ending($0)))" }
            lines.append(pad(row.drop.label, width) + "  " + pad(String(row.runs), 6) + "  " + pairs.joined(separator: "; "))
        }
        lines.append("")
        lines.append("pairs over all drops:")
        for count in table.pairs {
            lines.append("  " + String(repeating: " ", count: Swift.max(0, 7 - String(count.count).count)) + "\(count.count)  "
                         + "\(RegressionTable.name(count.pair.host)) / \(RegressionTable.name(count.pair.phone)) (\(ending(count)))")
        }
        lines.append("")
        lines.append("violations: \(table.violations.count)")
        return lines.joined(separator: "\n")
    }

    private static func ending(_ count: RegressionTable.Count) -> String {
        count.endings.isEmpty ? "REJECTED by the agreement rule" : "ending " + RegressionTable.endings(count)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: Swift.max(0, width - text.count))
    }
}
