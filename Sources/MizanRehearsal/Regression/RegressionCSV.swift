/// The regression table as CSV: one line per (drop, pair of endings), in
/// the table's order, with a header. Ending names are the Swift case names,
/// "none" for a side that never took part; `ending` lists the catalogue's
/// endings that allow the pair, separated by `|`, or "rejected".
public enum RegressionCSV {
    public static let header = "drop,point,offset_ms,runs,host_ending,phone_ending,ending,count"

    public static func render(_ table: RegressionTable) -> String {
        var lines = [header]
        for row in table.rows {
            for count in row.counts {
                lines.append([row.drop.label, row.drop.group, row.drop.offsetMilliseconds, String(row.runs),
                              RegressionTable.name(count.pair.host), RegressionTable.name(count.pair.phone),
                              count.endings.isEmpty ? "rejected" : count.endings.map { String($0.rawValue) }.joined(separator: "|"), String(count.count)].joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
