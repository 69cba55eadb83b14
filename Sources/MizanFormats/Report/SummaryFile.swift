import MizanProtocol
import MizanSim

/// `summary.json` and `summary.csv`: the run's figures. Only what the seed
/// decides goes in (no wall-clock speed), so the files replay byte for byte.
public enum SummaryFile {
    /// The summary as (name, value) rows, in a fixed order; values are JSON literals.
    public static func rows(_ report: FloorReport) -> [(String, String)] {
        func number(_ value: Double?) -> String {
            guard let value else { return "null" }
            return String((value * 1_000_000).rounded() / 1_000_000)
        }
        var rows: [(String, String)] = [
            ("floor", TransactionsFile.quoted(report.name)),
            ("seed", String(report.seed)),
            ("virtual_seconds", number(report.simulated.seconds)),
            ("transactions", String(report.transactions)),
            ("successes", String(report.successes)),
        ]
        for ending in Ending.allCases {
            rows.append(("ending_\(ending.rawValue)", String(report.byEnding.first { $0.ending == ending }?.count ?? 0)))
        }
        rows += [
            ("start_to_secure_p50_s", number(report.startToSecureLink.p50)),
            ("start_to_secure_p90_s", number(report.startToSecureLink.p90)),
            ("start_to_secure_p99_s", number(report.startToSecureLink.p99)),
            ("start_to_result_p50_s", number(report.startToResult.p50)),
            ("start_to_result_p90_s", number(report.startToResult.p90)),
            ("start_to_result_p99_s", number(report.startToResult.p99)),
        ]
        for (cause, count) in report.deadlineMissesByCause {
            rows.append(("phone_deadline_missed_\(cause.key)", String(count)))
        }
        rows.append(("link_layer", TransactionsFile.quoted(report.linkLayer)))
        for entry in report.byPlatform {
            for (name, times) in [("connect_to_subscribed", entry.connectToSubscribed), ("start_to_secure", entry.startToSecureLink),
                                  ("start_to_result", entry.startToResult)] {
                rows.append(("\(entry.platform)_\(name)_p50_s", number(times.p50)))
                rows.append(("\(entry.platform)_\(name)_p90_s", number(times.p90)))
                rows.append(("\(entry.platform)_\(name)_p99_s", number(times.p99)))
            }
        }
        rows += [
            ("host_countdown_expired", String(report.hostCountdownExpiries)),
            ("attempts_with_choice", String(report.attemptsWithChoice)),
            ("wrong_till_choices", String(report.wrongTillChoices)),
            ("wrong_till_rate", number(report.wrongTillRate)),
            ("agreement_violations", String(report.violations.count)),
            ("advertising_packets_sent", String(report.packetsSent)),
            ("advertising_packets_heard", String(report.packetsHeard)),
        ]
        return rows
    }

    public static func json(_ report: FloorReport) -> String {
        "{\n" + rows(report).map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }

    /// One header line and one line of values.
    public static func csv(_ report: FloorReport) -> String {
        let rows = rows(report)
        func cell(_ value: String) -> String {
            value.hasPrefix("\"") ? "\"" + value.dropFirst().dropLast().replacingQuotes() + "\"" : value
        }
        return rows.map(\.0).joined(separator: ",") + "\n" + rows.map { cell($0.1) }.joined(separator: ",") + "\n"
    }
}


extension Substring {
    /// CSV doubles a quote inside a quoted cell.
    func replacingQuotes() -> String {
        var text = ""
        for character in self { text += character == "\"" ? "\"\"" : String(character) }
        return text
    }
}
