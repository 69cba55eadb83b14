import MizanSim
import MizanRadio
import MizanTime
/// `transactions.jsonl`: one JSON line per settled transaction, in the order
/// they settled: till and phone, the till chosen and the true nearest, the
/// virtual time of each step (seconds), both endings, and whether money moved.
public enum TransactionsFile {
    /// Every line, from a report that kept every record.
    public static func lines(_ report: FloorReport) -> [String] {
        report.ledger.settled.enumerated().map { number, record in
            line(number: number + 1, record: record, host: record.host.flatMap { report.ledger.host($0) },
                 attempt: record.attempt.flatMap { report.ledger.attempt($0) })
        }
    }

    /// The line of one transaction as it settles (`TransactionLedger.streamSettled`).
    public static func line(_ transaction: TransactionLedger.SettledTransaction) -> String {
        line(number: transaction.number, record: transaction.record, host: transaction.host, attempt: transaction.attempt)
    }

    static func line(
        number: Int, record: TransactionLedger.Settled, host: TransactionLedger.HostRecord?, attempt: TransactionLedger.PhoneAttempt?
    ) -> String {
        var fields: [(key: String, value: JSON)] = [
            ("transaction", .int(number)),
            ("till", host.map { tillNumber($0.till) } ?? attempt?.chosenTill.map(tillNumber) ?? .null),
            ("phone", attempt.map { .int(DeviceRef.phone($0.phone).number) } ?? .null),
            ("chosen_till", attempt?.chosenTill.map(tillNumber) ?? .null),
            ("nearest_till", attempt?.nearestTill.map(tillNumber) ?? .null),
            ("locked_at", host.map { seconds($0.lockedAt) } ?? .null),
            ("started_at", attempt.map { seconds($0.startedAt) } ?? .null),
            ("secure_at", attempt?.secureAt.map(seconds) ?? .null),
            ("host_ended_at", host?.endedAt.map(seconds) ?? .null),
            ("phone_ended_at", attempt?.endedAt.map(seconds) ?? .null),
            ("host_ending", record.pair.host.map { .string($0.screen.rawValue) } ?? .null),
            ("phone_ending", record.pair.phone.map { .string($0.screen.rawValue) } ?? .null),
        ]
        switch record.verdict {
        case let .agreed(ending):
            fields.append(("ending", .int(ending.rawValue)))
            fields.append(("agreed", .bool(true)))
        case .violated:
            fields.append(("ending", .null))
            fields.append(("agreed", .bool(false)))
        }
        fields.append(("charged", .bool(record.pair.charged)))
        fields.append(("phone_deadline_missed", .bool(attempt?.deadlineMissed == true)))
        // Where the phone chose (metres), and its platform (faithful link layer): for the report's replay and distributions.
        fields.append(("platform", attempt?.platform.map(JSON.string) ?? .null))
        fields.append(("x", attempt?.position.map { .fixed($0.x, digits: 3) } ?? .null))
        fields.append(("y", attempt?.position.map { .fixed($0.y, digits: 3) } ?? .null))
        return JSON.object(fields).compact
    }

    /// Seconds to the microsecond, every place written (`12.000100`).
    public static func seconds(_ time: Duration) -> JSON {
        .decimal(time.wholeMicroseconds, places: 6)
    }

    private static func tillNumber(_ index: Int) -> JSON { .int(DeviceRef.till(index).number) }
}
