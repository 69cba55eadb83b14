import MizanSim

/// What `timeline.svg` draws, collected as the run goes, typed: the events of
/// the first transaction that ended in success (or else of the first settled
/// one that paired a till and a phone). Hand it every event of the run
/// (`record`, e.g. as `Floor(events:)`) and every transaction as it settles
/// (`settled`, from `TransactionLedger.streamSettled`).
///
/// Memory stays bounded: until a transaction ends in success it keeps the
/// run's events, at most `limit` of them (the transaction drawn is one of the
/// first); from then on only that transaction's, and once its span is over,
/// none. So a long run keeps a few hundred events, not its whole trace.
public final class TimelineEvents {
    /// Events kept while no transaction has ended in success.
    public static let limit = 200_000

    private let seed: UInt64
    private var kept: [FloorEvent] = []
    /// The first transaction paid, with its events so far.
    private var paid: TransactionTrace?
    /// The first transaction that paired a till and a phone, drawn if none is paid.
    private var paired: TransactionTrace?
    private var finished = false

    public init(seed: UInt64) { self.seed = seed }

    /// The events kept now: the run's while none is paid, then the paid transaction's (for tests of the bound).
    public var keptCount: Int { kept.count + (paid?.events.count ?? 0) }
    /// Whether the paid transaction's span is over, so no more events are kept.
    public var isFinished: Bool { finished }

    public func record(_ event: FloorEvent) {
        guard !finished else { return }
        if paid != nil {
            if paid?.isOver(at: event.time) == true {
                finished = true
            } else {
                paid?.collect(event)
            }
        } else if kept.count < Self.limit {
            kept.append(event)
        }
    }

    public func settled(_ transaction: TransactionLedger.SettledTransaction) {
        guard paid == nil else { return }
        let record = transaction.record
        if record.pair.host == .paid, record.attempt != nil, var chosen = TransactionTrace(transaction, seed: seed) {
            for event in kept { chosen.collect(event) }
            kept = []
            paired = nil
            paid = chosen
        } else if paired == nil, record.host != nil, record.attempt != nil {
            paired = TransactionTrace(transaction, seed: seed)
        }
    }

    /// The transaction to draw, with its events; nil when no transaction paired a till and a phone.
    public var transaction: TransactionTrace? {
        if let paid { return paid }
        guard var paired else { return nil }
        for event in kept { paired.collect(event) }
        return paired
    }
}
