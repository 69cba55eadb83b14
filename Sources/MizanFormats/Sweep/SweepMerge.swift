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
        var total: Int?
        // Each file's first two runs: a shard K/N holds runs K, K + N, ... (for naming a missing shard).
        var firstRuns: [[Int]] = []
        var identity: (sweep: String, build: String, place: String)?
        for file in files {
            var runsOfFile: [Int] = []
            defer { firstRuns.append(runsOfFile) }
            for (number, line) in TextLines.split(file.text) where !line.isEmpty {
                let place = "\(file.name), line \(number)"
                guard case let .object(members)? = try? JSONParser.parse(String(line)),
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
                total = runs
                if let earlier = byRun[run] {
                    throw Problem(description: "\(place): run \(run) appears twice (also \(earlier.place)); is a shard given twice?")
                }
                byRun[run] = (String(line), place)
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
        return (1...total).compactMap { byRun[$0]?.line }
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
