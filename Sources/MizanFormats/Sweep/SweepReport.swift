#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A sweep's `report.html` (`mizan sweep --out` and `mizan merge --out` write
/// it beside their JSON Lines, `FILE.html` for `FILE.jsonl`): for each metric
/// of the summary table and each swept field that takes more than one value,
/// the metric's mean over seeds against the field, a line per value of the
/// other such fields, each point with
/// its 95 % interval (Student's t over the seeds). One self-contained page.
///
/// It keeps per cell a sum and a sum of squares per metric: memory grows with
/// the cells, not the runs.
public struct SweepReport: Sendable {
    struct Cell: Sendable {
        var params: [(key: String, value: String)]
        var runs = 0
        var sums: [Double]
        var squares: [Double]
        var counts: [Int]
    }

    private var cells: [Int: Cell] = [:]
    public let title: String

    public init(title: String) {
        self.title = title
    }

    /// Where the report of the JSON Lines at `path` goes: `FILE.html` for `FILE.jsonl` (or `path.html`).
    public static func path(beside path: String) -> String {
        (path.hasSuffix(".jsonl") ? String(path.dropLast(6)) : path) + ".html"
    }

    static var metrics: [(key: String, title: String)] { SweepTable.columns }

    /// Counts a run of `sweep`.
    public mutating func add(_ outcome: SweepOutcome, of sweep: SweepPlan) {
        let params = cells[outcome.cell]?.params ?? sweep.values(ofCell: outcome.cell).map { ($0.field, JSON($0.value).compact) }
        add(outcome, params: params)
    }

    private mutating func add(_ outcome: SweepOutcome, params: [(key: String, value: String)]) {
        var values: [String: Double] = [:]
        for entry in outcome.summary { if let number = entry.cell.number { values[entry.key] = number } }
        add(cell: outcome.cell, params: params, values: values)
    }

    /// Counts a line of a sweep's JSON Lines (as `mizan merge` reads them); a line it cannot read is skipped.
    public mutating func add(line: String) {
        guard case let .object(members)? = try? JSONParser.parse(line),
              case let .number(cellText)? = members.first(where: { $0.key == "cell" })?.value,
              let cell = cellText.exactly(Int.self), cell >= 1, cell < 1_000_000_000 else { return }
        var params: [(key: String, value: String)] = []
        if case let .object(fields)? = members.first(where: { $0.key == "params" })?.value {
            params = fields.map { ($0.key, JSON($0.value).compact) }
        }
        var values: [String: Double] = [:]
        for member in members { if case let .number(number) = member.value { values[member.key] = number.value } }
        add(cell: cell - 1, params: params, values: values)
    }

    private mutating func add(cell index: Int, params: [(key: String, value: String)], values: [String: Double]) {
        let count = Self.metrics.count
        var cell = cells[index] ?? Cell(params: params, sums: Array(repeating: 0, count: count), squares: Array(repeating: 0, count: count),
                                        counts: Array(repeating: 0, count: count))
        cell.runs += 1
        for (metric, column) in Self.metrics.enumerated() {
            guard let value = values[column.key], value.isFinite else { continue }
            cell.sums[metric] += value
            cell.squares[metric] += value * value
            cell.counts[metric] += 1
        }
        cells[index] = cell
    }

    /// The 0.975 quantile of Student's t with `df` degrees of freedom (1 to 30 tabulated; 1.96 beyond).
    static func t975(_ df: Int) -> Double {
        let table = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
                     2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042]
        return df >= 1 && df <= table.count ? table[df - 1] : 1.96
    }

    /// A cell's metric: mean over its runs, and the half-width of its 95 % interval (null for one run).
    func summary(_ cell: Cell, metric: Int) -> (mean: Double, half: Double?)? {
        let n = cell.counts[metric]
        guard n > 0 else { return nil }
        let mean = cell.sums[metric] / Double(n)
        guard n > 1 else { return (mean, nil) }
        let variance = Swift.max(0, (cell.squares[metric] - Double(n) * mean * mean) / Double(n - 1))
        return (mean, Self.t975(n - 1) * (variance / Double(n)).squareRoot())
    }

    public var html: String {
        let ordered = cells.keys.sorted()
        let cellsJSON: [JSON] = ordered.compactMap { index in
            guard let cell = cells[index] else { return nil }
            return .object([
                ("cell", .int(index + 1)), ("runs", .int(cell.runs)),
                ("params", .object(cell.params.map { ($0.key, .string($0.value)) })),
                ("metrics", .array(Self.metrics.indices.map { metric in
                    guard let s = summary(cell, metric: metric) else { return .null }
                    return .array([.figure(s.mean), .figure(s.half)])
                })),
            ])
        }
        let data = PageScript.embedded(JSON.object([
            ("title", .string(title)),
            ("metrics", .array(Self.metrics.map { .array([.string($0.key), .string($0.title)]) })),
            ("cells", .array(cellsJSON)),
        ]).spaced)
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>Mizan Floor sweep</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; color: #222; }
        h1 { font-size: 20px; } h2 { font-size: 16px; margin: 18px 0 4px; } .charts { display: flex; flex-wrap: wrap; gap: 16px; }
        .note { color: #666; }
        </style>
        </head>
        <body>
        <h1 id="heading"></h1>
        <p class="note">Each point: a cell's mean over its seeds, with its 95 % interval (Student's t); a line per value of the other swept fields.</p>
        <div id="charts"></div>
        <pre id="selftest"></pre>
        <script type="application/json" id="data">\(data)</script>
        <script>
        \(PageScript.dom)
        \(Self.script)
        </script>
        </body>
        </html>

        """
    }

    static let script = #"""
    "use strict";
    const errors = [];
    window.addEventListener("error", e => errors.push(String(e.message)));
    const data = JSON.parse(document.getElementById("data").textContent);
    // The fields that take more than one value (a field held at one value is no axis).
    const all = data.cells.length ? Object.keys(data.cells[0].params) : [];
    const fields = all.filter(f => new Set(data.cells.map(c => c.params[f])).size > 1);
    document.getElementById("heading").textContent = `${data.title}: ${data.cells.length} cells, ${data.cells.reduce((a, c) => a + c.runs, 0)} runs`;
    const palette = ["#2e86de", "#e67e22", "#27ae60", "#c0392b", "#8e44ad", "#16a085", "#7f8c8d", "#d35400"];
    let charts = 0;
    function chart(metric, field) {
      const others = fields.filter(f => f !== field);
      const xs = [...new Set(data.cells.map(c => c.params[field]))];
      const numeric = xs.every(x => !isNaN(Number(x)));
      if (numeric) xs.sort((a, b) => Number(a) - Number(b));
      const groups = new Map();
      for (const c of data.cells) {
        const key = others.map(f => `${f}=${c.params[f]}`).join(", ");
        if (!groups.has(key)) groups.set(key, []);
        const m = c.metrics[metric];
        if (m) groups.get(key).push({ x: xs.indexOf(c.params[field]), mean: m[0], half: m[1] });
      }
      const points = [...groups.values()].flat();
      const lo = Math.min(...points.map(p => p.mean - (p.half ?? 0))), hi = Math.max(...points.map(p => p.mean + (p.half ?? 0)));
      const w = 380, tall = 220, left = 60, top = 24, span = hi - lo || Math.abs(hi) || 1;
      const X = i => left + (xs.length > 1 ? i / (xs.length - 1) : 0.5) * (w - left - 20), Y = v => top + (1 - (v - lo) / span) * (tall - top - 40);
      const parts = [s("text", { x: left, y: 14, "font-size": 12 }, `${data.metrics[metric][1]} against ${field}`),
                     s("text", { x: 4, y: Y(hi) + 4, "font-size": 10 }, hi.toPrecision(3)), s("text", { x: 4, y: Y(lo) + 4, "font-size": 10 }, lo.toPrecision(3)),
                     xs.map((x, i) => s("text", { x: X(i), y: tall - 22, "font-size": 10, "text-anchor": "middle" }, x))];
      let g = 0;
      for (const [key, list] of groups) {
        const colour = palette[g % palette.length]; list.sort((a, b) => a.x - b.x);
        parts.push(s("polyline", { fill: "none", stroke: colour, points: list.map(p => `${X(p.x)},${Y(p.mean)}`).join(" ") }));
        for (const p of list) {
          if (p.half != null) parts.push(s("line", { x1: X(p.x), x2: X(p.x), y1: Y(p.mean - p.half), y2: Y(p.mean + p.half), stroke: colour }));
          parts.push(s("circle", { cx: X(p.x), cy: Y(p.mean), r: 3, fill: colour }));
        }
        parts.push(s("text", { x: left, y: tall + 16 * g, "font-size": 11, fill: colour }, key || "all"));
        g++;
      }
      charts++;
      return s("svg", { class: "chart", width: w, height: tall + 16 * groups.size }, parts);
    }
    // A metric no run measured (no transaction reached it) says so in place of its charts.
    const measured = data.metrics.map((m, metric) => data.cells.some(c => c.metrics[metric]));
    const sections = data.metrics.map((m, metric) => [h("h2", null, m[1]), measured[metric]
      ? h("div", { class: "charts" }, fields.map(f => chart(metric, f))) : h("p", { class: "unmeasured" }, "Not measured in any run.")]);
    fill(document.getElementById("charts"), data.cells.length ? sections : h("p", null, "No runs."));
    if (location.hash === "#selftest") {
      const drawn = document.querySelectorAll("svg.chart").length, expected = measured.filter(Boolean).length * fields.length;
      const unmeasured = measured.filter(m => !m).length;
      const results = [`${drawn === charts && drawn === expected ? "ok" : "FAIL"} a chart per measured metric and swept field (${drawn})`,
                       `${document.querySelectorAll("svg.chart circle").length === fields.length * data.cells.reduce((n, c) => n + c.metrics.filter(m => m).length, 0) ? "ok" : "FAIL"} a point per cell in each chart of its measured metrics`,
                       `${document.querySelectorAll("p.unmeasured").length === unmeasured ? "ok" : "FAIL"} each metric no run measured says so (${unmeasured})`,
                       `${errors.length === 0 ? "ok" : "FAIL"} no errors ${errors.join("; ")}`];
      document.getElementById("selftest").textContent = results.join("\n");
    }
    """#
}
