/// The summary table of a sweep: per cell, the mean of each run's figures.
public enum SweepTable {
    static let columns: [(key: String, title: String)] = [
        ("transactions", "transactions"), ("successes", "successes"), ("wrong_till_rate", "wrong till"),
        ("start_to_secure_p50_s", "secure p50 s"), ("start_to_result_p99_s", "result p99 s"),
        ("phone_deadline_missed_no_till_found", "no till"), ("agreement_violations", "violations"),
    ]

    /// What the table keeps of a sweep's runs as they come, whatever their
    /// number: per cell, the runs and each column's sum and count.
    public struct Totals: Sendable {
        var runs: [Int]
        var sums: [[Double]]
        var counts: [[Int]]

        public init(cells: Int) {
            runs = Array(repeating: 0, count: cells)
            sums = Array(repeating: Array(repeating: 0, count: SweepTable.columns.count), count: cells)
            counts = sums.map { $0.map { _ in 0 } }
        }

        /// Counts one run.
        public mutating func add(_ outcome: SweepOutcome) {
            runs[outcome.cell] += 1
            for (index, column) in SweepTable.columns.enumerated() {
                guard let value = outcome.summary.first(where: { $0.key == column.key })?.cell.number else { continue }
                sums[outcome.cell][index] += value
                counts[outcome.cell][index] += 1
            }
        }
    }

    public static func render(_ sweep: SweepPlan, _ outcomes: [SweepOutcome]) -> String {
        var totals = Totals(cells: sweep.cells)
        for outcome in outcomes { totals.add(outcome) }
        return render(sweep, totals)
    }

    public static func render(_ sweep: SweepPlan, _ totals: Totals) -> String {
        var rows: [[String]] = [["cell"] + sweep.axes.map(\.field) + ["runs"] + columns.map(\.title)]
        for cell in 0..<sweep.cells where totals.runs[cell] > 0 {
            var row = [String(cell + 1)] + sweep.values(ofCell: cell).map { text($0.value) } + [String(totals.runs[cell])]
            for index in columns.indices {
                let count = totals.counts[cell][index]
                row.append(count == 0 ? "-" : format(totals.sums[cell][index] / Double(count)))
            }
            rows.append(row)
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            zip(row, widths).map { String(repeating: " ", count: $1 - $0.count) + $0 }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    static func format(_ value: Double) -> String { Figures.text(value, digits: 3) }

    /// A swept value as the table shows it (the lines keep it whole): text bare, and an object
    /// as its `name` then its other fields as `key=value`, one of them itself an object or a list
    /// of more than 20 characters as `{…}` or `[…]` (a strategy and its calibration).
    static func text(_ value: JSONValue) -> String {
        switch value {
        case let .string(text): return text
        case let .object(members):
            let name = members.first { $0.key == "name" }.flatMap { member -> String? in
                if case let .string(text) = member.value { return text } else { return nil }
            }
            let rest = members.filter { name == nil || $0.key != "name" }.map { member -> String in
                let whole = JSON(member.value).compact
                switch member.value {
                case .object: return "\(member.key)=" + (whole.count > 20 ? "{…}" : whole)
                case .array: return "\(member.key)=" + (whole.count > 20 ? "[…]" : whole)
                case let .string(text): return "\(member.key)=\(text)"
                default: return "\(member.key)=\(whole)"
                }
            }
            return ([name].compactMap { $0 } + rest).joined(separator: " ")
        default: return JSON(value).compact
        }
    }
}
