import MizanProtocol
import MizanRadio
import MizanSim

/// `summary.json` and `summary.csv`: the run's figures. Only what the seed
/// decides goes in (no wall-clock speed), so the files replay byte for byte.
public enum SummaryFile {
    /// One figure of the summary: its name, its kind, and where a report keeps it.
    struct Field {
        let key: String
        let kind: SummaryKind
        let cell: (FloorReport) -> SummaryCell
    }

    /// The summary as (name, value) rows, in a fixed order; values are JSON literals.
    public static func rows(_ report: FloorReport) -> [(key: String, cell: SummaryCell)] {
        fields(platforms: report.byPlatform.map(\.platform)).map { ($0.key, $0.cell(report)) }
    }

    /// The kind of the figure named `key` in any summary (every ending, deadline cause and
    /// platform), nil for a name no summary has.
    public static func kind(of key: String) -> SummaryKind? { kinds[key] }

    /// Every figure a summary can have, by name (looked up, never listed).
    private static let kinds: [String: SummaryKind] = Dictionary(
        uniqueKeysWithValues: fields(platforms: PhoneProfile.all.map(\.name) + [PlatformTimes.unnamed]).map { ($0.key, $0.kind) })

    /// The summary's figures, in order, for a run whose phones were of `platforms` (in the report's order).
    static func fields(platforms: [String]) -> [Field] {
        var fields: [Field] = [
            Field(key: "floor", kind: .text) { .text($0.name) },
            Field(key: "seed", kind: .seed) { .seed($0.seed) },
            Field(key: "virtual_seconds", kind: .seconds) { .figure($0.simulated.traceSeconds) },
            Field(key: "transactions", kind: .count) { .count($0.transactions) },
            Field(key: "successes", kind: .count) { .count($0.successes) },
        ]
        for ending in Ending.allCases {
            fields.append(Field(key: "ending_\(ending.rawValue)", kind: .count) { report in .count(report.byEnding.first { $0.ending == ending }?.count ?? 0) })
        }
        for (name, times) in [("start_to_secure", \FloorReport.startToSecureLink), ("start_to_result", \FloorReport.startToResult)] {
            fields += percentiles(name) { $0[keyPath: times] }
        }
        for (index, cause) in DeadlineMissCause.allCases.enumerated() {
            fields.append(Field(key: "phone_deadline_missed_\(cause.key)", kind: .count) { .count($0.deadlineMissesByCause[index].count) })
        }
        fields.append(Field(key: "link_layer", kind: .text) { .text($0.linkLayer) })
        for (index, platform) in platforms.enumerated() {
            for (name, times) in [("connect_to_subscribed", \PlatformTimes.connectToSubscribed), ("start_to_secure", \PlatformTimes.startToSecureLink),
                                  ("start_to_result", \PlatformTimes.startToResult)] {
                fields += percentiles("\(platform)_\(name)") { $0.byPlatform[index][keyPath: times] }
            }
        }
        fields += [
            Field(key: "host_countdown_expired", kind: .count) { .count($0.hostCountdownExpiries) },
            Field(key: "attempts_with_choice", kind: .count) { .count($0.attemptsWithChoice) },
            Field(key: "wrong_till_choices", kind: .count) { .count($0.wrongTillChoices) },
            Field(key: "wrong_till_rate", kind: .rate) { .figure($0.wrongTillRate) },
            Field(key: "agreement_violations", kind: .count) { .count($0.violations.count) },
            Field(key: "advertising_packets_sent", kind: .count) { .count($0.packetsSent) },
            Field(key: "advertising_packets_heard", kind: .count) { .count($0.packetsHeard) },
            Field(key: "payers_turned_away", kind: .count) { .count($0.payersTurnedAway) },
        ]
        return fields
    }

    /// A time's 50th, 90th and 99th percentiles, in seconds.
    private static func percentiles(_ name: String, _ times: @escaping (FloorReport) -> Percentiles) -> [Field] {
        [("p50", \Percentiles.p50), ("p90", \Percentiles.p90), ("p99", \Percentiles.p99)].map { suffix, percentile in
            Field(key: "\(name)_\(suffix)_s", kind: .seconds) { .figure(times($0)[keyPath: percentile]) }
        }
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
