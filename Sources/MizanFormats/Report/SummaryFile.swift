import MizanProtocol
import MizanSim

/// `summary.json` and `summary.csv`: the run's figures. Only what the seed
/// decides goes in (no wall-clock speed), so the files replay byte for byte.
public enum SummaryFile {
    /// The summary as (name, value) rows, in a fixed order; values are JSON literals.
    public static func rows(_ report: FloorReport) -> [(key: String, cell: SummaryCell)] {
        func number(_ value: Double?) -> SummaryCell { .figure(value) }
        var rows: [(key: String, cell: SummaryCell)] = [
            ("floor", .text(report.name)),
            ("seed", .seed(report.seed)),
            ("virtual_seconds", number(report.simulated.seconds)),
            ("transactions", .count(report.transactions)),
            ("successes", .count(report.successes)),
        ]
        for ending in Ending.allCases {
            rows.append(("ending_\(ending.rawValue)", .count(report.byEnding.first { $0.ending == ending }?.count ?? 0)))
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
            rows.append(("phone_deadline_missed_\(cause.key)", .count(count)))
        }
        rows.append(("link_layer", .text(report.linkLayer)))
        for entry in report.byPlatform {
            for (name, times) in [("connect_to_subscribed", entry.connectToSubscribed), ("start_to_secure", entry.startToSecureLink),
                                  ("start_to_result", entry.startToResult)] {
                rows.append(("\(entry.platform)_\(name)_p50_s", number(times.p50)))
                rows.append(("\(entry.platform)_\(name)_p90_s", number(times.p90)))
                rows.append(("\(entry.platform)_\(name)_p99_s", number(times.p99)))
            }
        }
        rows += [
            ("host_countdown_expired", .count(report.hostCountdownExpiries)),
            ("attempts_with_choice", .count(report.attemptsWithChoice)),
            ("wrong_till_choices", .count(report.wrongTillChoices)),
            ("wrong_till_rate", number(report.wrongTillRate)),
            ("agreement_violations", .count(report.violations.count)),
            ("advertising_packets_sent", .count(report.packetsSent)),
            ("advertising_packets_heard", .count(report.packetsHeard)),
            ("payers_turned_away", .count(report.payersTurnedAway)),
        ]
        return rows
    }

    public static func json(_ report: FloorReport) -> String {
        JSONWriter.lines(.compact).text(.object(rows(report).map { ($0.key, $0.cell.json) })) + "\n"
    }

    /// One header line and one line of values.
    public static func csv(_ report: FloorReport) -> String {
        let rows = rows(report)
        return rows.map(\.key).joined(separator: ",") + "\n" + rows.map(\.cell.csv).joined(separator: ",") + "\n"
    }
}

extension StringProtocol {
    /// CSV doubles a quote inside a quoted cell.
    func replacingQuotes() -> String {
        var text = ""
        for character in self { text += character == "\"" ? "\"\"" : String(character) }
        return text
    }
}
