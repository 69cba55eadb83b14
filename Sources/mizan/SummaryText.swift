import MizanFormats
import MizanSim

/// The human summary of a floor run.
enum SummaryText {
    static func render(_ report: FloorReport, wallSeconds: Double) -> String {
        var lines: [String] = []
        lines.append("seed \(report.seed): \(report.transactions) transactions settled in \(format(report.simulated.seconds)) virtual s")
        lines.append("")
        lines.append("transactions by ending:")
        for (ending, count) in report.byEnding {
            lines.append("  \(pad(String(count), 7))  \(ending.rawValue). \(ending.title)")
        }
        lines.append("")
        lines.append("time from Start to secure link: \(percentiles(report.startToSecureLink))")
        lines.append("time from Start to result:      \(percentiles(report.startToResult))")
        lines.append("per phone platform (\(report.linkLayer) link layer):")
        for entry in report.byPlatform {
            lines.append("  \(entry.platform):")
            lines.append("    connect request to subscribed: \(percentiles(entry.connectToSubscribed))")
            lines.append("    Start to secure link:          \(percentiles(entry.startToSecureLink))")
            lines.append("    Start to result:               \(percentiles(entry.startToResult))")
        }
        let misses = report.deadlineMissesByCause.map { "\($0.count) \($0.cause.rawValue)" }.joined(separator: ", ")
        lines.append("phone deadline (10 s) missed: \(misses)")
        lines.append("host countdown ran out: \(report.hostCountdownExpiries)")
        lines.append("wrong till chosen: \(report.wrongTillChoices) of \(report.attemptsWithChoice)"
                     + (report.wrongTillRate.map { " (\(format($0 * 100)) %)" } ?? " (no phone chose a till)"))
        lines.append("agreement violations: \(report.violations.count)")
        lines.append("advertising packets: \(report.packetsSent) sent, \(report.packetsHeard) heard")
        if report.payersTurnedAway > 0 { lines.append("payers turned away from a full line: \(report.payersTurnedAway)") }
        if wallSeconds > 0 {
            lines.append("speed: \(format(report.simulated.seconds / wallSeconds)) virtual s per wall s")
        }
        return lines.joined(separator: "\n")
    }

    static func percentiles(_ p: Percentiles) -> String {
        guard let p50 = p.p50, let p90 = p.p90, let p99 = p.p99 else { return "no samples" }
        return "p50 \(format(p50)) s, p90 \(format(p90)) s, p99 \(format(p99)) s (n = \(p.count))"
    }

    static func format(_ value: Double) -> String { Figures.text(value, digits: 2) }

    static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: Swift.max(0, width - text.count)) + text
    }
}
