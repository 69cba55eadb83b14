import MizanFormats
#if canImport(Glibc)
import MizanTime
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line of `mizan-bench`: `W0|W1|W2|W3|row|grid [--seed N] [--scale F] [--radio faithful|simple]`.
struct BenchOptions {
    var workload: String
    var seed: UInt64 = 1
    var scale: Double = 1
    /// `--help` or `-h` anywhere: print the usage and exit 0.
    var wantsHelp = false

    /// The workload sizes a scale can multiply without overflowing a count or a virtual duration.
    static let scales: ClosedRange<Double> = 0.001...100

    /// W2 and W3's link layer: `faithful` (the default) or `simple` (their first definition).
    var faithful = true

    /// Cores for the "all cores" runs of W1-W3 (each also runs on one core): `--jobs J`, default all.
    var jobs = BenchOptions.cores

    static var cores: Int { Cores.available }

    static let usage = """
    usage: mizan-bench W0|W1|W2|W3|row|grid [--seed N] [--scale F] [--radio faithful|simple] [--jobs J]
      W0-W3       the workloads of docs/workloads.md
      row, grid   a pairs floor of 1,000 x F tills 2 m apart, in a row or a square grid, one virtual second on one core
      --seed N    the run's seed (W1-W3, row, grid; W0's keys come from libsodium, unseeded), a whole number from 0 to \(UInt64.max) (default 1)
      --scale F   multiplies the workload's size, from \(scales.lowerBound) to \(scales.upperBound) (default 1)
      --radio R   W2 and W3's link layer: faithful (default) or simple (their first definition)
      --jobs J    W1-W3 run on 1 core, then on J cores (default: all, here \(cores)); the run is the same
    """

    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ arguments: [String]) throws(Invalid) -> BenchOptions {
        if arguments.contains("--help") || arguments.contains("-h") {
            var options = BenchOptions(workload: "")
            options.wantsHelp = true
            return options
        }
        // Options and the workload in any order, as the other commands read them.
        var options = BenchOptions(workload: "")
        var workload: String?
        var rest = arguments[...]
        var seen: Set<String> = []
        let valued = ["--seed", "--scale", "--jobs", "--radio"]
        while let item = rest.popFirst() {
            guard item.hasPrefix("-") else {
                if let first = workload { throw Invalid(description: "one workload at a time: got \(first) and \(item)\n\(usage)") }
                workload = item
                continue
            }
            let flag = item
            guard valued.contains(flag) else { throw Invalid(description: "unknown option '\(flag)'\n\(usage)") }
            guard seen.insert(flag).inserted else { throw Invalid(description: "\(flag) is given twice; give it once\n\(usage)") }
            guard let value = rest.popFirst(), !value.hasPrefix("--") else { throw Invalid(description: "\(flag) needs a value\n\(usage)") }
            switch flag {
            case "--seed":
                guard let seed = UInt64(value) else { throw Invalid(description: "--seed expects a whole number, got '\(value)'") }
                options.seed = seed
            case "--scale":
                guard let scale = DecimalNumber.read(value), scale.isFinite, scales.contains(scale) else {
                    throw Invalid(description: "--scale expects a number from \(scales.lowerBound) to \(scales.upperBound), got '\(value)'")
                }
                options.scale = scale
            case "--jobs":
                guard let jobs = Int(value), (1...1024).contains(jobs) else { throw Invalid(description: "--jobs expects a whole number from 1 to 1024, got '\(value)'") }
                options.jobs = jobs
            default:
                switch value {
                case "faithful": options.faithful = true
                case "simple": options.faithful = false
                default: throw Invalid(description: "--radio expects faithful or simple, got '\(value)'")
                }
            }
        }
        guard let workload else { throw Invalid(description: "missing workload\n\(usage)") }
        // An option the workload has no use for is refused, not silently ignored.
        let uses: [String: Set<String>] = ["W0": ["--scale"], "W1": ["--seed", "--scale", "--jobs"], "W2": Set(valued), "W3": Set(valued),
                                           "row": ["--seed", "--scale"], "grid": ["--seed", "--scale"]]
        if let used = uses[workload], let unused = valued.first(where: { seen.contains($0) && !used.contains($0) }) {
            throw Invalid(description: "\(workload) takes no \(unused) (it takes \(valued.filter(used.contains).joined(separator: ", ")))\n\(usage)")
        }
        options.workload = workload
        return options
    }
}
