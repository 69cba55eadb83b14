import MizanGeometry
import MizanSim
import MizanFormats
import MizanTime

/// `mizan-bench row|grid --scale F`: how a floor's cost grows with its size. A
/// pairs floor (a payer half a metre in front of each till) of 1,000 x F tills
/// 2 m apart, in a row or a square grid, on the signal model, one virtual
/// second on one core: wall time and peak memory (run each size in its own
/// process, since peak memory is the process's). Past `FloorFile.maximumTills`,
/// which a floor file may not pass, to show how the cost grows.
enum FloorSizeWorkload {
    static func tills(scale: Double) -> Int { max(1, Int((1_000 * scale).rounded())) }

    static func plan(tills count: Int, grid: Bool) -> FloorPlan {
        var tills = FloorPlan.row(count: count, spacing: 2)
        if grid {
            var side = 1
            while side * side < count { side += 1 }
            for index in tills.indices {
                tills[index].position = Position(x: 2 * Double(index % side), y: 2 * Double(index / side), z: tills[index].position.z)
            }
        }
        return FloorPlan(tills: tills, payers: .pairs(distance: 0.5), duration: .seconds(1))
    }

    /// The run's lines for people and, last, its JSON object.
    static func lines(layout: String, tills count: Int, options: BenchOptions, configuration: String) throws -> [String] {
        let plan = plan(tills: count, grid: layout == "grid")
        let (w0, result) = try w0Around(scale: 0.05) { try CheckoutWorkload.measure(plan, seed: options.seed, jobs: 1) }
        let peak = ProcessStatus.peakMemoryBytes
        // The crypto of a transaction at every till, at W0's rate: what the floor's second would cost were the radio free.
        let cryptoSeconds = Double(count) / w0.rate
        return [
            "floor size: \(count) tills in a \(layout) 2 m apart, a payer at each, signal model, 1 virtual second on 1 core",
            "  wall seconds: \(wallText(result.wallSeconds)); packets heard: \(result.report.packetsHeard) of \(result.report.packetsSent) sent",
            "  a transaction's crypto at every till (W0, same run: \(formatted(w0.rate)) per wall second): \(Figures.text(cryptoSeconds, digits: 3)) s, \(Figures.text(cryptoSeconds / result.wallSeconds * 100, digits: 2)) % of the run",
            "  peak memory: \(peak / 1_048_576) MiB",
            JSON.object([
                ("workload", .string(layout)), ("seed", .unsigned(options.seed)), ("tills", .int(count)), ("wall_seconds", .fixed(result.wallSeconds, digits: 3)),
                ("packets_sent", .int(result.report.packetsSent)), ("packets_heard", .int(result.report.packetsHeard)),
                ("w0_transactions_per_wall_second", tenths(w0.rate)), ("crypto_seconds", .fixed(cryptoSeconds, digits: 3)),
                ("ratio_crypto_to_wall", .fixed(cryptoSeconds / result.wallSeconds, digits: 4)), ("peak_memory_bytes", .int(peak)), ("build", .string(configuration)),
            ]).compact,
        ]
    }
}
