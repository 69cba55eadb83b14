import MizanSim
import MizanFormats

/// What W2 and W3 print: a table for people, then one JSON object. A figure
/// that has no value (no transaction reached a secure link, so the run did no
/// crypto and has no crypto-alone bound; a run too short to time) is said to
/// be missing in the table and is `null` in the JSON: nothing is divided by zero.
struct CheckoutSummary {
    let workload: String
    let plan: FloorPlan
    let options: BenchOptions
    let result: CheckoutWorkload.Result
    let pooled: CheckoutWorkload.Result
    let w0: (rate: Double, before: Double, after: Double)
    let peak: Int
    let configuration: String

    /// `numerator / denominator`, or nil when that is not a finite number.
    static func ratio(_ numerator: Double, _ denominator: Double) -> Double? {
        guard denominator != 0 else { return nil }
        let value = numerator / denominator
        return value.isFinite ? value : nil
    }

    static func text(_ value: Double?, _ missing: String = "none") -> String { value.map(formatted) ?? missing }
    static func json(_ value: Double?, digits: Int = 1) -> JSON { .figure(value, digits: digits) }

    var lines: [String] {
        let report = result.report
        let speed = Self.ratio(report.simulated.seconds, result.wallSeconds)
        let pooledSpeed = Self.ratio(pooled.report.simulated.seconds, pooled.wallSeconds)
        let heardPerSecond = Self.ratio(Double(report.packetsHeard), result.wallSeconds)
        // Each attempt that reached a secure link did one transaction's crypto (at most).
        let secured = report.startToSecureLink.count
        let cryptoSeconds = Self.ratio(Double(secured), w0.rate)
        // The crypto-alone bound: virtual seconds per wall second if the run did nothing but its crypto on one core.
        let bound = secured > 0 ? cryptoSeconds.flatMap { Self.ratio(report.simulated.seconds, $0) } : nil
        let share = bound.flatMap { bound in speed.flatMap { Self.ratio($0, bound) } }
        let pooledShare = bound.flatMap { bound in pooledSpeed.flatMap { Self.ratio($0, bound) } }
        var lines: [String] = []
        lines.append("\(plan.name) (\(plan.linkLayer.name) radio): \(plan.tills.count) tills, \(formatted(report.simulated.seconds)) virtual s in \(wallText(result.wallSeconds)) wall s")
        lines.append("  virtual seconds per wall second: \(Self.text(speed)) on 1 core, \(Self.text(pooledSpeed)) on \(options.jobs) cores")
        if let bound {
            lines.append("  its crypto-alone bound (1 core): \(formatted(bound)) virtual s per wall s; 1 core reaches \(Self.text(share.map { $0 * 100 })) % of it, \(options.jobs) cores \(Self.text(pooledShare.map { $0 * 100 })) %")
        } else {
            lines.append("  its crypto-alone bound: none: no transaction reached a secure link, so the run did no transaction's crypto")
        }
        if let ahead = pooled.cryptoAhead { lines.append("  with \(options.jobs) cores, crypto found: \(ahead)") }
        lines.append("  radio events (packets heard) per wall second: \(Self.text(heardPerSecond))")
        lines.append("  transactions by ending:")
        for (ending, count) in report.byEnding { lines.append("    \(count)  \(ending.rawValue). \(ending.title)") }
        lines.append("  wrong-till rate: \(Self.text(report.wrongTillRate.map { $0 * 100 })) % of \(report.attemptsWithChoice) choices")
        lines.append("  Start to secure link: " + (secured > 0 ? "p50 \(formatted(report.startToSecureLink.p50 ?? 0)) s, p99 \(formatted(report.startToSecureLink.p99 ?? 0)) s" : "none reached"))
        lines.append("  agreement violations: \(report.violations.count)")
        lines.append("  the same transactions' crypto alone (W0 x \(secured)): \(cryptoSeconds.map(wallText) ?? "none") wall s, against \(wallText(result.wallSeconds)) wall s")
        lines.append("  peak memory: \(peak / 1_048_576) MiB")
        let p50 = secured > 0 ? report.startToSecureLink.p50 : nil
        let p99 = secured > 0 ? report.startToSecureLink.p99 : nil
        lines.append(JSON.object([
            ("workload", .string(workload)), ("radio", .string(plan.linkLayer.name)), ("seed", .unsigned(options.seed)), ("scale", .number(options.scale)),
            ("tills", .int(plan.tills.count)), ("virtual_seconds", tenths(report.simulated.seconds)), ("wall_seconds", .fixed(result.wallSeconds, digits: 3)),
            ("virtual_seconds_per_wall_second", Self.json(speed)), ("jobs", .int(options.jobs)),
            ("virtual_seconds_per_wall_second_all_cores", Self.json(pooledSpeed)),
            ("crypto_bound_virtual_seconds_per_wall_second", Self.json(bound)),
            ("ratio_to_crypto_bound", Self.json(share, digits: 3)), ("ratio_to_crypto_bound_all_cores", Self.json(pooledShare, digits: 3)),
            ("packets_heard_per_wall_second", Self.json(heardPerSecond)), ("transactions", .int(report.transactions)),
            ("endings", .object(report.byEnding.map { (String($0.ending.rawValue), .int($0.count)) })),
            ("wrong_till_rate", report.wrongTillRate.map { .fixed($0, digits: 4) } ?? .null), ("secure_links", .int(secured)),
            ("start_to_secure_p50_s", p50.map(JSON.number) ?? .null), ("start_to_secure_p99_s", p99.map(JSON.number) ?? .null),
            ("violations", .int(report.violations.count)), ("w0_transactions_per_wall_second", tenths(w0.rate)),
            ("w0_before", tenths(w0.before)), ("w0_after", tenths(w0.after)),
            ("crypto_alone_wall_seconds", Self.json(cryptoSeconds, digits: 3)), ("peak_memory_bytes", .int(peak)), ("build", .string(configuration)),
        ]).compact)
        return lines
    }
}
