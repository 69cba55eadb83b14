import MizanSim

/// One run of a sweep: its line of JSON (the run, its cell's parameters, the
/// floor's summary), and what the table and the exit status read from it.
public struct SweepOutcome: Sendable {
    public let run: Int
    public let cell: Int
    public let seed: UInt64
    public let line: String
    public let summary: [(key: String, cell: SummaryCell)]
    public let violations: Int
}

extension SweepOutcome {
    /// Runs run `run` of `sweep` on `plan`, its cell's floor (one floor, on this thread), and writes
    /// its line (an error in it when the floor could not be read).
    public init(_ sweep: SweepPlan, plan: FloorPlan?, run: Int, identity: (sweep: String, build: String)) {
        let cell = run / sweep.seeds
        let seed = sweep.seed(ofRun: run)
        let summary: [(key: String, cell: SummaryCell)]
        let violations: Int
        do {
            guard let plan else { throw SweepCellError(cell: cell) }
            let report = try Floor(plan: plan, seed: seed).run()
            summary = SummaryFile.rows(report).filter { !Self.summaryKeysLeftOut.contains($0.key) }
            violations = report.violations.count
        } catch {
            // Labels were validated when the sweep was read; say so if one was not.
            summary = [("error", .text("\(error)"))]
            violations = 0
        }
        var fields: [(key: String, value: JSON)] = [("run", .int(run + 1)), ("runs", .int(sweep.runs)),
                                                    ("sweep", .string(identity.sweep)), ("build", .string(identity.build)),
                                                    ("cell", .int(cell + 1)), ("seed", .unsigned(seed))]
        fields.append(("params", .object(sweep.values(ofCell: cell).map { ($0.field, JSON($0.value)) })))
        fields += summary.map { ($0.key, $0.cell.json) }
        let line = JSON.object(fields).compact
        self.init(run: run, cell: cell, seed: seed, line: line, summary: summary, violations: violations)
    }
}

extension SweepOutcome {
    /// The summary's figures a sweep's line leaves out: the floor's name (its cell's `params` say
    /// what it is) and the seed (the line's own `seed`, as the sweep numbers runs).
    static let summaryKeysLeftOut: Set<String> = ["floor", "seed"]
}

/// A sweep cell whose floor could not be read when its runs began (it was read once before any run).
struct SweepCellError: Error, CustomStringConvertible {
    let cell: Int
    var description: String { "sweep cell \(cell + 1): its floor could not be read" }
}

extension SweepOutcome {
    /// A line a sweep wrote, read back as the outcome it counts as: its run,
    /// cell and seed, and its figures as written (so a table or report made
    /// from the lines is the same whether they were run now or read from an
    /// interrupted sweep's file). Nil for a line that is not one.
    public init?(line: String) {
        guard case let .object(members)? = try? JSONParser.parse(line) else { return nil }
        self.init(members: members, line: line)
    }

    /// A line's run, cell (both from 1) and seed, as its members give them; nil for a line without them.
    static func place(_ members: [(key: String, value: JSONValue)]) -> (run: Int, cell: Int, seed: UInt64)? {
        guard case let .number(runText)? = members.first(where: { $0.key == "run" })?.value, let run = runText.exactly(Int.self), run >= 1,
              case let .number(cellText)? = members.first(where: { $0.key == "cell" })?.value, let cell = cellText.exactly(Int.self), cell >= 1,
              case let .number(seedText)? = members.first(where: { $0.key == "seed" })?.value, let seed = seedText.exactly(UInt64.self) else { return nil }
        return (run, cell, seed)
    }

    /// `init?(line:)` for a line already parsed into `members`.
    init?(members: [(key: String, value: JSONValue)], line: String) {
        guard let (run, cell, seed) = Self.place(members) else { return nil }
        let identity: Set<String> = ["run", "runs", "sweep", "build", "cell", "seed", "params"]
        var summary: [(key: String, cell: SummaryCell)] = []
        for member in members where !identity.contains(member.key) {
            switch member.value {
            case let .number(number): summary.append((member.key, .figure(number.value)))
            case let .string(text): summary.append((member.key, .text(text)))
            case .null: summary.append((member.key, .figure(nil)))
            case .bool, .array, .object: continue
            }
        }
        let violations = summary.first { $0.key == "agreement_violations" }?.cell.number.flatMap { Int(exactly: $0) } ?? 0
        self.init(run: run - 1, cell: cell - 1, seed: seed, line: line, summary: summary, violations: violations)
    }
}
