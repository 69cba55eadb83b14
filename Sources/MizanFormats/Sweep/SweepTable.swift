/// The summary table of a sweep: per cell, the mean of each run's figures.
public enum SweepTable {
    static let columns: [(key: String, title: String)] = [
        ("transactions", "transactions"), ("successes", "successes"), ("wrong_till_rate", "wrong till"),
        ("start_to_secure_p50_s", "secure p50 s"), ("start_to_result_p99_s", "result p99 s"),
        ("phone_deadline_missed_no_till_found", "no till"), ("agreement_violations", "violations"),
    ]

    public static func render(_ sweep: SweepPlan, _ outcomes: [SweepOutcome]) -> String {
        var rows: [[String]] = [["cell"] + sweep.axes.map(\.field) + ["runs"] + columns.map(\.title)]
        for cell in 0..<sweep.cells {
            let runs = outcomes.filter { $0.cell == cell }
            guard !runs.isEmpty else { continue }
            var row = [String(cell + 1)] + sweep.values(ofCell: cell).map { JSONText.render($0.value) } + [String(runs.count)]
            for column in columns {
                let values = runs.compactMap { run in run.summary.first { $0.0 == column.key }.flatMap { Double($0.1) } }
                row.append(values.isEmpty ? "-" : format(values.reduce(0, +) / Double(values.count)))
            }
            rows.append(row)
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            zip(row, widths).map { String(repeating: " ", count: $1 - $0.count) + $0 }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    static func format(_ value: Double) -> String { Figures.text(value, digits: 3) }
}
