#if canImport(Glibc)
import Glibc
#endif
import MizanTime
import MizanFormats

/// `mizan-bench`: the workloads of docs/workloads.md. Each prints a table for people
/// and, on its last line, one JSON object with every figure.
func runBench() -> Int32 {
    let options: BenchOptions
    do {
        options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
        printError("mizan-bench: \(error)")
        return 2
    }
    if options.wantsHelp {
        print(BenchOptions.usage)
        return 0
    }
    #if DEBUG
    let configuration = "debug"
    #else
    let configuration = "release"
    #endif
    do {
        switch options.workload {
        case "W0":
            let count = max(1, Int(20_000 * options.scale))
            let rate = try W0CryptoFloor.measure(count: count)
            let peak = ProcessStatus.peakMemoryBytes
            print("W0 crypto-floor: \(count) transactions' crypto")
            print("  transactions per wall second: \(formatted(rate))")
            print("  peak memory: \(peak / 1_048_576) MiB")
            print(JSON.object([
                ("workload", .string("W0")), ("seed", .unsigned(options.seed)), ("scale", .number(options.scale)), ("transactions", .int(count)),
                ("transactions_per_wall_second", tenths(rate)), ("peak_memory_bytes", .int(peak)), ("build", .string(configuration)),
            ]).compact)
        case "W1":
            let target = max(1, Int(100_000 * options.scale))
            let (w0, result) = try w0Around(scale: options.scale) { try W1HandshakeCapacity.measure(successes: target, seed: options.seed, jobs: 1) }
            let pooled = options.jobs > 1 ? try W1HandshakeCapacity.measure(successes: target, seed: options.seed, jobs: options.jobs) : result
            let peak = ProcessStatus.peakMemoryBytes
            let ratio = result.transactionsPerWallSecond / w0.rate
            print("W1 handshake-capacity: 100 pairs, ideal radio, until \(target) successes")
            print("  successes: \(result.successes) in \(formatted(result.virtualSeconds)) virtual s, \(wallText(result.wallSeconds)) wall s")
            print("  transactions per wall second: \(formatted(result.transactionsPerWallSecond))")
            print("  W0 crypto floor (same run, before and after): \(formatted(w0.rate)) per wall second (\(formatted(w0.before)), \(formatted(w0.after))); ratio W1/W0 (its crypto bound): \(formatted(ratio * 100)) %")
            print("  with \(options.jobs) cores: \(formatted(pooled.transactionsPerWallSecond)) transactions per wall second = \(formatted(pooled.transactionsPerWallSecond / w0.rate * 100)) % of one core's W0")
            print("  agreement violations: \(result.violations)")
            print("  peak memory: \(peak / 1_048_576) MiB")
            print(JSON.object([
                ("workload", .string("W1")), ("seed", .unsigned(options.seed)), ("scale", .number(options.scale)), ("successes", .int(result.successes)),
                ("transactions_per_wall_second", tenths(result.transactionsPerWallSecond)), ("w0_transactions_per_wall_second", tenths(w0.rate)),
                ("w0_before", tenths(w0.before)), ("w0_after", tenths(w0.after)), ("ratio_to_w0", .fixed(ratio, digits: 3)), ("jobs", .int(options.jobs)),
                ("transactions_per_wall_second_all_cores", tenths(pooled.transactionsPerWallSecond)),
                ("ratio_to_w0_all_cores", .fixed(pooled.transactionsPerWallSecond / w0.rate, digits: 3)),
                ("virtual_seconds", tenths(result.virtualSeconds)), ("wall_seconds", tenths(result.wallSeconds)), ("violations", .int(result.violations)),
                ("peak_memory_bytes", .int(peak)), ("build", .string(configuration)),
            ]).compact)
        case "W2", "W3":
            var plan = options.workload == "W2" ? CheckoutWorkload.w2(scale: options.scale) : CheckoutWorkload.w3(scale: options.scale)
            // The faithful link layer (docs/link-layer.md) since 2026-11-30 and the signal model
            // (docs/signal-model.md) since 2026-12-01; `--radio simple` for the first definition of both.
            plan.linkLayer = options.faithful ? .faithful(.standard) : .simple
            plan.radio = CheckoutWorkload.radio(faithful: options.faithful)
            let (w0, result) = try w0Around(scale: options.scale) { try CheckoutWorkload.measure(plan, seed: options.seed, jobs: 1) }
            let pooled = options.jobs > 1 ? try CheckoutWorkload.measure(plan, seed: options.seed, jobs: options.jobs) : result
            let summary = CheckoutSummary(workload: options.workload, plan: plan, options: options, result: result, pooled: pooled,
                                          w0: w0, peak: ProcessStatus.peakMemoryBytes, configuration: configuration)
            for line in summary.lines { print(line) }
        case "row", "grid":
            for line in try FloorSizeWorkload.lines(layout: options.workload, tills: FloorSizeWorkload.tills(scale: options.scale), options: options,
                                                    configuration: configuration) { print(line) }
        default:
            printError("mizan-bench: unknown workload '\(options.workload)'\n\(BenchOptions.usage)")
            return 2
        }
    } catch {
        printError("mizan-bench: \(error)")
        return 1
    }
    return 0
}

/// W0 measured just before and just after `run` (the workload on one core), and its mean: the
/// machine's speed drifts (here by up to a fifth within minutes), and a ratio to W0 taken on
/// one side only carries the drift.
func w0Around<T>(scale: Double, _ run: () throws -> T) throws -> (w0: (rate: Double, before: Double, after: Double), result: T) {
    let count = max(1, Int(20_000 * min(scale, 1)))
    let before = try W0CryptoFloor.measure(count: count)
    let result = try run()
    let after = try W0CryptoFloor.measure(count: count)
    return (((before + after) / 2, before, after), result)
}

func printError(_ message: String) {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}

/// A figure to one decimal (whole numbers without one); "null" for a value that is not finite, which no figure should be.
/// A figure to one decimal, for people ("n/a" when it is not finite).
func formatted(_ value: Double) -> String { Figures.text(value, digits: 1) }

/// Wall seconds in text: to the millisecond under 10 s (a small --scale runs in less than a tenth).
func wallText(_ seconds: Double) -> String { Figures.text(seconds, digits: seconds < 10 ? 3 : 1) }

/// A figure to one decimal in the JSON line (null when it is not finite).
func tenths(_ value: Double) -> JSON { .fixed(value, digits: 1) }

exit(runBench())
