/// Joins the JSON Lines of a sweep's shards into exactly what the unsharded
/// sweep writes: every run once, in run order.
public enum SweepMerge {
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// `files` are (name, text) pairs; each line must carry "run", "runs", and
    /// the sweep's identity ("sweep" and "build"), the same on every line.
    public static func merge(_ files: [(name: String, text: String)]) throws(Problem) -> [String] {
        var byRun: [Int: String] = [:]
        var total: Int?
        var identity: (sweep: String, build: String, place: String)?
        for file in files {
            for (number, line) in TextLines.split(file.text) where !line.isEmpty {
                let place = "\(file.name), line \(number)"
                guard case let .object(members)? = try? JSONParser.parse(String(line)),
                      case let .number(runNumber)? = members.first(where: { $0.key == "run" })?.value,
                      case let .number(runCount)? = members.first(where: { $0.key == "runs" })?.value,
                      case let .string(sweep)? = members.first(where: { $0.key == "sweep" })?.value,
                      case let .string(build)? = members.first(where: { $0.key == "build" })?.value else {
                    throw Problem(description: "\(place): not a line of a sweep (each has \"run\", \"runs\", \"sweep\" and \"build\"): '\(TextLines.excerpt(line))'")
                }
                if let first = identity, first.sweep != sweep || first.build != build {
                    throw Problem(description: "\(place): from another sweep or build (sweep \(sweep), build \(build)) than \(first.place) (sweep \(first.sweep), build \(first.build)); merge only the shards of one sweep run by one build")
                }
                if identity == nil { identity = (sweep, build, place) }
                guard runCount >= 1, runCount <= Double(SweepPlan.maximumRuns), runCount == runCount.rounded(),
                      runNumber >= 1, runNumber <= runCount, runNumber == runNumber.rounded() else {
                    throw Problem(description: "\(place): \"run\" must be a whole number from 1 to \"runs\", and \"runs\" from 1 to \(SweepPlan.maximumRuns) (the most a sweep runs)")
                }
                let run = Int(runNumber), runs = Int(runCount)
                if let total, total != runs { throw Problem(description: "\(place): from a sweep of \(runs) runs, not \(total)") }
                total = runs
                if byRun[run] != nil { throw Problem(description: "\(place): run \(run) appears twice") }
                byRun[run] = String(line)
            }
        }
        guard let total else { throw Problem(description: "no result lines to merge") }
        // Memory grows with the lines given, not with the "runs" they claim.
        guard byRun.count == total else {
            let first = (1...total).first { byRun[$0] == nil } ?? total
            throw Problem(description: "\(total - byRun.count) of \(total) runs missing (first: run \(first)); is a shard absent?")
        }
        return (1...total).compactMap { byRun[$0] }
    }
}
