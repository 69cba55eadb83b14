/// The command line of `mizan-bench`: `W0|W1|W2|W3 [--seed N] [--scale F] [--radio faithful|simple]`.
struct BenchOptions {
    var workload: String
    var seed: UInt64 = 1
    var scale: Double = 1
    /// W2 and W3's link layer: `faithful` (the default) or `simple` (their first definition).
    var faithful = true

    static let usage = "usage: mizan-bench W0|W1|W2|W3 [--seed N] [--scale F] [--radio faithful|simple]"

    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ arguments: [String]) throws(Invalid) -> BenchOptions {
        guard let workload = arguments.first, !workload.hasPrefix("-") else {
            throw Invalid(description: "missing workload\n\(usage)")
        }
        var options = BenchOptions(workload: workload)
        var rest = arguments.dropFirst()
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw Invalid(description: "\(flag) needs a value\n\(usage)") }
            switch flag {
            case "--seed":
                guard let seed = UInt64(value) else { throw Invalid(description: "--seed expects a whole number, got '\(value)'") }
                options.seed = seed
            case "--scale":
                guard let scale = Double(value), scale > 0, scale.isFinite else {
                    throw Invalid(description: "--scale expects a positive number, got '\(value)'")
                }
                options.scale = scale
            case "--radio":
                switch value {
                case "faithful": options.faithful = true
                case "simple": options.faithful = false
                default: throw Invalid(description: "--radio expects faithful or simple, got '\(value)'")
                }
            default:
                throw Invalid(description: "unknown option '\(flag)'\n\(usage)")
            }
        }
        return options
    }
}
