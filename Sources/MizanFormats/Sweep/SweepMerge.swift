/// Joins the JSON Lines of a sweep's shards into exactly what the unsharded
/// sweep writes: every run once, in run order.
public enum SweepMerge {
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// `files` are (name, text) pairs; each line must carry "run", "runs", and
    /// the sweep's identity ("sweep" and "build"), the same on every line.
    public static func merge(_ files: [(name: String, text: String)]) throws(Problem) -> [String] {
        var byRun: [Int: (line: String, place: String)] = [:]
        // Each run's cell and seed, where its line gives them (checked together at the end), and each cell's parameters.
        var layout: [Int: (cell: Int, seed: UInt64)] = [:]
        var cellParams: [Int: (params: JSONValue?, place: String)] = [:]
        var total: Int?
        // Each file's first two runs: a shard K/N holds runs K, K + N, ... (for naming a missing shard).
        var firstRuns: [[Int]] = []
        var identity: (sweep: String, build: String, place: String)?
        for file in files {
            var runsOfFile: [Int] = []
            defer { firstRuns.append(runsOfFile) }
            for (number, line) in TextLines.split(file.text) where !line.isEmpty {
                let place = "\(file.name), line \(number)"
                let parsed: JSONValue
                do { parsed = try JSONParser.parse(String(line)) } catch {
                    throw Problem(description: "\(place): not a whole line of JSON (column \(error.column): \(error.message); was the shard cut off?): '\(TextLines.excerpt(line))'")
                }
                guard case let .object(members) = parsed,
                      case let .number(runText)? = members.first(where: { $0.key == "run" })?.value,
                      case let .number(runsText)? = members.first(where: { $0.key == "runs" })?.value,
                      case let .string(sweep)? = members.first(where: { $0.key == "sweep" })?.value,
                      case let .string(build)? = members.first(where: { $0.key == "build" })?.value else {
                    throw Problem(description: "\(place): not a line of a sweep (each has \"run\", \"runs\", \"sweep\" and \"build\"): '\(TextLines.excerpt(line))'")
                }
                if let first = identity, first.sweep != sweep || first.build != build {
                    throw Problem(description: "\(place): from another sweep or build (sweep \(sweep), build \(build)) than \(first.place) (sweep \(first.sweep), build \(first.build)); merge only the shards of one sweep run by one build")
                }
                if identity == nil { identity = (sweep, build, place) }
                guard let runs = runsText.exactly(Int.self), let run = runText.exactly(Int.self),
                      runs >= 1, runs <= SweepPlan.maximumRuns, run >= 1, run <= runs else {
                    throw Problem(description: "\(place): \"run\" must be a whole number from 1 to \"runs\", and \"runs\" from 1 to \(SweepPlan.maximumRuns) (the most a sweep runs)")
                }
                if let total, total != runs { throw Problem(description: "\(place): from a sweep of \(runs) runs, not \(total)") }
                if let problem = figuresProblem(members, runs: runs) { throw Problem(description: "\(place): \(problem)") }
                total = runs
                if let earlier = byRun[run] {
                    throw Problem(description: "\(place): run \(run) appears twice (also \(earlier.place)); is a shard given twice?")
                }
                byRun[run] = (String(line), place)
                if let (_, cell, seed) = SweepOutcome.place(members) {
                    layout[run] = (cell, seed)
                    let params = members.first { $0.key == "params" }?.value
                    if let other = cellParams[cell] {
                        guard other.params == params else {
                            throw Problem(description: "\(place): cell \(cell) with other parameters than its run at \(other.place)")
                        }
                    } else {
                        cellParams[cell] = (params, place)
                    }
                }
                if runsOfFile.count < 2 { runsOfFile.append(run) }
            }
        }
        guard let total else { throw Problem(description: "no result lines to merge") }
        // Memory grows with the lines given, not with the "runs" they claim.
        guard byRun.count == total else {
            let first = (1...total).first { byRun[$0] == nil } ?? total
            throw Problem(description: "\(total - byRun.count) of \(total) runs missing (first: run \(first)); "
                + (missingShards(firstRuns).map { "shards missing: \($0)" } ?? "is a shard absent?"))
        }
        if let problem = layoutProblem(layout, runs: total, places: byRun.mapValues(\.place)) { throw Problem(description: problem) }
        return (1...total).compactMap { byRun[$0]?.line }
    }

    /// What is wrong with the runs' cells and seeds taken together, if anything: a sweep runs
    /// each cell's seeds one after another (run r is cell (r - 1) / seeds + 1, seed
    /// first + (r - 1) % seeds), so the cells divide the runs evenly. (The lines of one cell
    /// carry the same parameters: `merge` checks that as it reads them.)
    static func layoutProblem(_ layout: [Int: (cell: Int, seed: UInt64)], runs: Int, places: [Int: String]) -> String? {
        guard layout.count == runs, let cells = layout.values.map(\.cell).max() else { return nil }
        guard runs % cells == 0 else {
            let run = layout.keys.sorted().first { layout[$0]?.cell == cells } ?? 1
            return "\(places[run] ?? "run \(run)"): cell \(cells) of a sweep of \(runs) runs, which no number of cells of equal seeds makes"
        }
        let seeds = runs / cells
        guard let first = layout[1] else { return nil }
        for run in 1...runs {
            guard let entry = layout[run] else { continue }
            let place = places[run] ?? "run \(run)"
            let cell = (run - 1) / seeds + 1
            if entry.cell != cell { return "\(place): run \(run) says cell \(entry.cell), where a sweep of \(cells) cells of \(seeds) seeds runs cell \(cell)" }
            let (seed, overflow) = first.seed.addingReportingOverflow(UInt64((run - 1) % seeds))
            if overflow || entry.seed != seed { return "\(place): run \(run) says seed \(entry.seed), where its cell's seeds start at \(first.seed) (seed \(overflow ? "past 2^64 - 1" : String(seed)))" }
        }
        return nil
    }

    /// What is wrong with a line's cell, seed, parameters or figures, if anything, by what a sweep
    /// writes (`SweepOutcome`): the cell a whole number from 1 to the runs, the seed a whole number,
    /// the parameters an object, a failed run's `error` text, and every other member a figure of a
    /// summary, of its kind (`SummaryFile.kind(of:)`).
    static func figuresProblem(_ members: [(key: String, value: JSONValue)], runs: Int) -> String? {
        for (key, value) in members where !["run", "runs", "sweep", "build"].contains(key) {
            let fits: Bool
            let expected: String
            switch key {
            case "cell":
                expected = "a whole number from 1 to the sweep's \(runs) runs"
                if case let .number(number) = value, let cell = number.exactly(Int.self) { fits = cell >= 1 && cell <= runs } else { fits = false }
            case "params":
                expected = "an object"
                if case .object = value { fits = true } else { fits = false }
            default:
                let kind = key == "seed" ? .seed : key == "error" ? .text
                    : SweepOutcome.summaryKeysLeftOut.contains(key) ? nil : SummaryFile.kind(of: key)
                guard let kind else { return "\"\(TextLines.excerpt(key))\" is not a figure a sweep of this build writes (a shard of another build?)" }
                expected = kind.expected
                fits = kind.admits(value)
            }
            if !fits { return "\"\(key)\" must be \(expected), got \(TextLines.excerpt(JSON(value).compact))" }
        }
        return nil
    }

    /// The shards absent from files whose first runs are `firstRuns`, as "2/10, 4/10", when every
    /// file with two runs or more shows the same shard count N (a shard K/N holds runs K, K + N, ...).
    static func missingShards(_ firstRuns: [[Int]]) -> String? {
        let counts = Set(firstRuns.filter { $0.count == 2 }.map { $0[1] - $0[0] })
        guard counts.count == 1, let n = counts.first, n > 1, n <= 100_000 else { return nil }
        let present = Set(firstRuns.compactMap { $0.first.map { ($0 - 1) % n + 1 } })
        let missing = (1...n).filter { !present.contains($0) }
        return missing.isEmpty ? nil : missing.prefix(20).map { "\($0)/\(n)" }.joined(separator: ", ") + (missing.count > 20 ? ", ..." : "")
    }
}
