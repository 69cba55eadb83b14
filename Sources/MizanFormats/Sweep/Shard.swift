/// One deterministic slice of a sweep: shard `index` (from 1) of `count` takes
/// the runs whose number modulo `count` is `index - 1`.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    public static let whole = Shard(index: 1, count: 1)

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    public func contains(run: Int) -> Bool { run % count == index - 1 }

    /// How many of `runs` runs (numbered from 0) the shard takes.
    public func runs(of runs: Int) -> Int { runs >= index ? (runs - index) / count + 1 : 0 }

    /// The number of the shard's `slot`-th run (from 0).
    public func run(atSlot slot: Int) -> Int { slot * count + index - 1 }

    public var description: String { "\(index)/\(count)" }

    public enum Problem: Error, CustomStringConvertible {
        case malformed(String, source: String)
        public var description: String {
            switch self {
            case let .malformed(text, source): "\(source): expected K/N with 1 <= K <= N, got '\(text)'"
            }
        }
    }

    /// `K/N` as given to `--shard`.
    public static func parse(_ text: String, source: String = "--shard") throws(Problem) -> Shard {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else {
            throw .malformed(text, source: source)
        }
        return Shard(index: k, count: n)
    }

    /// The shard a job array gives this process: Slurm's SLURM_ARRAY_TASK_ID
    /// (less SLURM_ARRAY_TASK_MIN) of SLURM_ARRAY_TASK_COUNT, or a Kubernetes
    /// Indexed Job's JOB_COMPLETION_INDEX (from 0) of `count`. `nil` outside both.
    public static func fromEnvironment(_ environment: [String: String], count: Int?) throws(Problem) -> Shard? {
        if let id = environment["SLURM_ARRAY_TASK_ID"] {
            let minimum = environment["SLURM_ARRAY_TASK_MIN"] ?? "0"
            // Slurm's task ids are never negative; from two such, the difference cannot overflow.
            guard let task = Int(id), let low = Int(minimum), let total = environment["SLURM_ARRAY_TASK_COUNT"].flatMap(Int.init),
                  task >= 0, low >= 0, total >= 1, (0..<total).contains(task - low) else {
                throw .malformed("\(id) of \(environment["SLURM_ARRAY_TASK_COUNT"] ?? "?") from \(minimum)", source: "SLURM_ARRAY_TASK_*")
            }
            return Shard(index: task - low + 1, count: total)
        }
        if let index = environment["JOB_COMPLETION_INDEX"] {
            guard let count, let i = Int(index), (0..<count).contains(i) else {
                throw .malformed("\(index) of \(count.map(String.init) ?? "? (give --shard-count)")", source: "JOB_COMPLETION_INDEX")
            }
            return Shard(index: i + 1, count: count)
        }
        return nil
    }
}
