/// Joins the JSON Lines of a sweep's shards into exactly what the unsharded
/// sweep writes: every run once, in run order.
public enum SweepMerge {
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// `files` are (name, text) pairs; each line must carry "run" and "runs".
    public static func merge(_ files: [(name: String, text: String)]) throws(Problem) -> [String] {
        var byRun: [Int: String] = [:]
        var total: Int?
        for file in files {
            for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
                let place = "\(file.name), line \(number + 1)"
                guard case let .object(members)? = try? JSONParser.parse(String(line)),
                      case let .number(runNumber)? = members.first(where: { $0.key == "run" })?.value,
                      case let .number(runCount)? = members.first(where: { $0.key == "runs" })?.value else {
                    throw Problem(description: "\(place): not a sweep result line (no \"run\" and \"runs\")")
                }
                guard runCount >= 1, runCount <= 1e9, runCount == runCount.rounded(),
                      runNumber >= 1, runNumber <= runCount, runNumber == runNumber.rounded() else {
                    throw Problem(description: "\(place): \"run\" must be a whole number from 1 to \"runs\", and \"runs\" at least 1")
                }
                let run = Int(runNumber), runs = Int(runCount)
                if let total, total != runs { throw Problem(description: "\(place): from a sweep of \(runs) runs, not \(total)") }
                total = runs
                if byRun[run] != nil { throw Problem(description: "\(place): run \(run) appears twice") }
                byRun[run] = String(line)
            }
        }
        guard let total else { throw Problem(description: "no result lines to merge") }
        let missing = (1...total).filter { byRun[$0] == nil }
        guard missing.isEmpty else {
            throw Problem(description: "\(missing.count) of \(total) runs missing (first: run \(missing[0])); is a shard absent?")
        }
        return (1...total).compactMap { byRun[$0] }
    }
}
