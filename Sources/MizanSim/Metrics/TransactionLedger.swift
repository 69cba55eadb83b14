import MizanGeometry
import MizanRadio
import MizanTime
import MizanProtocol

/// The books of one run: every till transaction and every phone attempt, paired
/// where the till served the phone, each pair checked by the agreement rule as
/// soon as both sides have ended.
///
/// By default it keeps every record. After `streamSettled(keepFirst:_:)` it
/// hands each settled transaction to a sink and forgets its records (keeping
/// the first few for pictures), so its memory no longer grows with the run's
/// length; the figures are the same either way (LedgerFigures.swift).
public final class TransactionLedger {
    public struct HostRecord: Sendable {
        public let till: Int
        public var transaction: TransactionID?
        public var lockedAt: Duration
        public var servedAttempt: Int?
        public var endedAt: Duration?
        public var ending: HostEnding?
        /// What the till showed as the transaction ended.
        public var screen: HostScreen?
    }

    public struct PhoneAttempt: Sendable {
        public let index: Int
        public let phone: Int
        public let startedAt: Duration
        public var chosenTill: Int?
        /// The phone's platform (faithful link layer), for reports per platform.
        public var platform: String?
        /// When the phone asked to connect, and when it was connected and subscribed.
        public var connectRequestedAt: Duration?
        public var subscribedAt: Duration?
        public var nearestTill: Int?
        /// Where the phone was when it chose.
        public var position: Position?
        public var secureAt: Duration?
        public var endedAt: Duration?
        public var ending: PhoneEnding?
        public var host: Int?
        public var deadlineMissed = false
        /// What the phone showed as the attempt ended.
        public var screen: PhoneScreen?
    }

    /// One transaction as both sides ended it.
    public struct Settled: Sendable {
        public let host: Int?
        public let attempt: Int?
        public let pair: EndingPair
        public let verdict: AgreementRule.Verdict
        public let at: Duration
    }

    /// One settled transaction with its records as they were when it settled, numbered from 1 in the order of settling.
    public struct SettledTransaction: Sendable {
        public let number: Int
        public let record: Settled
        public let host: HostRecord?
        public let attempt: PhoneAttempt?
    }

    // Unchecked exclusivity on the books (the stores, tables and counts below):
    // every access is a read or an in-place write that ends before any
    // callback (`sink`, `onSettled`) runs, so accesses never overlap; the
    // dynamic checks were about a tenth of the ledger's cost.
    @exclusivity(unchecked) private var hostStore = RecordStore<HostRecord>()
    @exclusivity(unchecked) private var attemptStore = RecordStore<PhoneAttempt>()
    /// Every till transaction (when streaming: the first ones kept).
    public var hosts: [HostRecord] { hostStore.prefix }
    /// Every phone attempt (when streaming: the first ones kept).
    public var attempts: [PhoneAttempt] { attemptStore.prefix }
    /// Every settled transaction in the order of settling (when streaming: the first ones kept).
    @exclusivity(unchecked) public private(set) var settled: [Settled] = []
    /// How many transactions have settled.
    @exclusivity(unchecked) public private(set) var settledCount = 0
    /// Settled transactions whose endings broke the agreement rule (all of them, streaming or not).
    public private(set) var violations: [Settled] = []
    /// Agreed transactions by ending number.
    @exclusivity(unchecked) private(set) var endingCounts = [Int](repeating: 0, count: (Ending.allCases.map(\.rawValue).max() ?? 0) + 1)
    /// The figures of the records released so far (streaming).
    @exclusivity(unchecked) private var released = LedgerFigures()
    /// Where settled transactions go when streaming; nil keeps everything.
    private var sink: ((SettledTransaction) -> Void)?
    private var keepSettled = Int.max
    /// Settled attempts still named by `keyAttemptByPhone` (streaming): released once the phone writes a key
    /// again, or `keyInFlightLimit` after they settled (oldest first), whichever comes first.
    @exclusivity(unchecked) private var settledButNamed: Set<Int> = []
    @exclusivity(unchecked) private var namedSince: [(attempt: Int, at: Duration)] = []
    @exclusivity(unchecked) private var namedHead = 0
    /// How long after its attempt settled a phone's key can still reach a till, at most: a link lasts
    /// seconds after its phone ends (supervision timeout), so ten minutes is far beyond any.
    static let keyInFlightLimit = Duration.seconds(600)
    /// Called for every settled transaction (traces, progress).
    var onSettled: (Settled) -> Void = { _ in }

    @exclusivity(unchecked) private var openHostByTill: [Int: Int] = [:]
    @exclusivity(unchecked) private var openAttemptByPhone: [Int: Int] = [:]
    /// Each phone's attempt that last wrote its key: a till that takes a key
    /// serves that attempt, even if it has ended meanwhile (the payer cancelled
    /// with the key in flight).
    @exclusivity(unchecked) private var keyAttemptByPhone: [Int: Int] = [:]
    /// Attempts that ended unserved after writing their key to a till: they
    /// settle alone once that till ends the transaction that did not take it
    /// (or the run ends), since until then the key may still arrive.
    @exclusivity(unchecked) private var awaitingTill: [Int] = []

    public init() {}

    /// From now on, each settled transaction goes to `sink` as it settles and
    /// its records are forgotten, except the first `keepFirst` till
    /// transactions, attempts and settled transactions (for pictures). Call it
    /// before the run.
    public func streamSettled(keepFirst: Int, _ sink: @escaping (SettledTransaction) -> Void) {
        precondition(hostStore.count == 0 && attemptStore.count == 0, "TransactionLedger: stream from the start of a run")
        hostStore = RecordStore(keepFirst: keepFirst)
        attemptStore = RecordStore(keepFirst: keepFirst)
        keepSettled = keepFirst
        self.sink = sink
    }

    /// Every till transaction and phone attempt has ended and been settled.
    public var isSettled: Bool {
        openHostByTill.isEmpty && openAttemptByPhone.isEmpty && awaitingTill.isEmpty && hostStore.allSatisfy { $0.ending != nil }
    }

    /// The number of the till transaction opened last, if any.
    var lastHostIndex: Int? { hostStore.count > 0 ? hostStore.count - 1 : nil }

    /// A till transaction, if it is still held.
    func host(at index: Int) -> HostRecord? { hostStore.record(index) }

    /// The run's figures: those of released records and of every record still held.
    var figures: LedgerFigures {
        var figures = released
        for host in hostStore.held { figures.add(host) }
        for attempt in attemptStore.held { figures.add(attempt) }
        return figures
    }

    // MARK: till side

    func hostStarted(till: Int, at time: Duration) {
        openHostByTill[till] = hostStore.append(HostRecord(till: till, lockedAt: time))
    }

    func hostServing(till: Int, transaction: TransactionID, phone: Int) {
        guard let host = openHostByTill[till] else { return }
        // The phone's last key, if it went to this till and no transaction took it yet: this one serves it.
        let served = keyAttemptByPhone[phone].flatMap { attempt -> Int? in
            attemptStore.update(attempt) { (record: inout PhoneAttempt) -> Int? in
                guard record.chosenTill == till, record.host == nil else { return nil }
                record.host = host
                return attempt
            }
        }
        hostStore.update(host) { record in
            record.transaction = transaction
            if let served { record.servedAttempt = served }
        }
        if let served { awaitingTill.removeAll { $0 == served } }
    }

    func hostFinished(till: Int, ending: HostEnding, transaction: TransactionID?, screen: HostScreen, at time: Duration) {
        let host: Int
        if let open = openHostByTill[till] { host = open } else {
            host = hostStore.append(HostRecord(till: till, lockedAt: time))
        }
        openHostByTill[till] = nil
        let served = hostStore.update(host) { record in
            record.transaction = record.transaction ?? transaction
            record.ending = ending
            record.screen = screen
            record.endedAt = time
            return record.servedAttempt
        }
        if let attempt = served {
            if attemptStore[attempt].ending != nil { settle(host: host, attempt: attempt, at: time) }
        } else {
            settle(host: host, attempt: nil, at: time)
        }
        // Keys written to this till and not taken by the transaction that just ended: no longer in flight.
        let unserved = awaitingTill.filter { attemptStore[$0].chosenTill == till }
        awaitingTill.removeAll { attemptStore[$0].chosenTill == till }
        for attempt in unserved { settle(host: nil, attempt: attempt, at: time) }
    }

    // MARK: phone side

    func attemptStarted(phone: Int, at time: Duration, platform: String? = nil) {
        var attempt = PhoneAttempt(index: attemptStore.count, phone: phone, startedAt: time)
        attempt.platform = platform
        openAttemptByPhone[phone] = attemptStore.append(attempt)
    }

    func attemptChose(phone: Int, till: Int, nearest: Int?, at position: Position, time: Duration, platform: String?) {
        guard let attempt = openAttemptByPhone[phone] else { return }
        attemptStore.update(attempt) { record in
            record.chosenTill = till
            record.connectRequestedAt = time
            if let platform { record.platform = platform }
            record.nearestTill = nearest
            record.position = position
        }
    }

    /// The phone writes its key: it has just been connected and subscribed.
    func attemptSentKey(phone: Int, at time: Duration) {
        guard let attempt = openAttemptByPhone[phone] else { return }
        attemptStore.update(attempt) { record in
            if record.subscribedAt == nil { record.subscribedAt = time }
        }
        if let previous = keyAttemptByPhone[phone], previous != attempt, settledButNamed.remove(previous) != nil { release(attempt: previous) }
        keyAttemptByPhone[phone] = attempt
    }

    func attemptSecure(phone: Int, at time: Duration) {
        guard let attempt = openAttemptByPhone[phone] else { return }
        attemptStore[attempt].secureAt = time
    }

    func attemptMissedDeadline(phone: Int) {
        guard let attempt = openAttemptByPhone[phone] else { return }
        attemptStore[attempt].deadlineMissed = true
    }

    func attemptFinished(phone: Int, ending: PhoneEnding, screen: PhoneScreen, at time: Duration) {
        let attempt: Int
        if let open = openAttemptByPhone[phone] { attempt = open } else {
            attempt = attemptStore.append(PhoneAttempt(index: attemptStore.count, phone: phone, startedAt: time))
        }
        openAttemptByPhone[phone] = nil
        let (host, chosenTill) = attemptStore.update(attempt) { record in
            record.ending = ending
            record.screen = screen
            record.endedAt = time
            return (record.host, record.chosenTill)
        }
        if let host {
            if hostStore[host].ending != nil { settle(host: host, attempt: attempt, at: time) }
        } else if keyAttemptByPhone[phone] == attempt, let till = chosenTill, openHostByTill[till] != nil {
            awaitingTill.append(attempt)
        } else {
            settle(host: nil, attempt: attempt, at: time)
        }
    }

    /// At the end of a run: attempts still waiting on their till's word settle alone.
    func closeBooks(at time: Duration) {
        let waiting = awaitingTill
        awaitingTill.removeAll()
        for attempt in waiting { settle(host: nil, attempt: attempt, at: time) }
    }

    /// The phone has an attempt not settled yet: open, or ended and waiting for its till's word.
    func hasUnsettledAttempt(phone: Int) -> Bool {
        openAttemptByPhone[phone] != nil || awaitingTill.contains { attemptStore[$0].phone == phone }
    }

    /// The phone's open attempt, if any.
    func openAttempt(of phone: Int) -> PhoneAttempt? {
        openAttemptByPhone[phone].map { attemptStore[$0] }
    }

    private func settle(host: Int?, attempt: Int?, at time: Duration) {
        let pair = EndingPair(host: host.flatMap { hostStore[$0].ending }, phone: attempt.flatMap { attemptStore[$0].ending })
        let record = Settled(host: host, attempt: attempt, pair: pair, verdict: AgreementRule.check(pair), at: time)
        settledCount += 1
        if settled.count < keepSettled { settled.append(record) }
        switch record.verdict {
        case let .agreed(ending): endingCounts[ending.rawValue] += 1
        case .violated: violations.append(record)
        }
        onSettled(record)
        guard let sink else { return }
        releaseNamed(before: time - Self.keyInFlightLimit)
        sink(SettledTransaction(number: settledCount, record: record, host: host.map { hostStore[$0] }, attempt: attempt.map { attemptStore[$0] }))
        if let host, let released = hostStore.release(host) { self.released.add(released) }
        if let attempt {
            // A till that takes this phone's key later still serves this attempt: keep it while its key is the phone's last.
            if keyAttemptByPhone[attemptStore[attempt].phone] == attempt {
                if settledButNamed.insert(attempt).inserted { namedSince.append((attempt, time)) }
            } else {
                release(attempt: attempt)
            }
        }
    }

    /// Forgets settled attempts named as their phone's last key since before `limit`, and the name.
    private func releaseNamed(before limit: Duration) {
        while namedHead < namedSince.count, namedSince[namedHead].at < limit {
            let attempt = namedSince[namedHead].attempt
            namedHead += 1
            guard settledButNamed.remove(attempt) != nil, let record = attemptStore.record(attempt) else { continue }
            if keyAttemptByPhone[record.phone] == attempt { keyAttemptByPhone[record.phone] = nil }
            release(attempt: attempt)
        }
        if namedHead >= 1024, namedHead * 2 >= namedSince.count {
            namedSince.removeFirst(namedHead)
            namedHead = 0
        }
    }

    private func release(attempt: Int) {
        if let record = attemptStore.release(attempt) { released.add(record) }
    }
}
