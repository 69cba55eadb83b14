import MizanProtocol

/// The books of one run: every till transaction and every phone attempt, paired
/// where the till served the phone, each pair checked by the agreement rule as
/// soon as both sides have ended.
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

    public private(set) var hosts: [HostRecord] = []
    public private(set) var attempts: [PhoneAttempt] = []
    public private(set) var settled: [Settled] = []
    /// Called for every settled transaction (traces, progress).
    var onSettled: (Settled) -> Void = { _ in }

    private var openHostByTill: [Int: Int] = [:]
    private var openAttemptByPhone: [Int: Int] = [:]
    /// Each phone's attempt that last wrote its key: a till that takes a key
    /// serves that attempt, even if it has ended meanwhile (the payer cancelled
    /// with the key in flight).
    private var keyAttemptByPhone: [Int: Int] = [:]
    /// Attempts that ended unserved after writing their key to a till: they
    /// settle alone once that till ends the transaction that did not take it
    /// (or the run ends), since until then the key may still arrive.
    private var awaitingTill: [Int] = []

    public init() {}

    /// Every till transaction and phone attempt has ended and been settled.
    public var isSettled: Bool {
        openHostByTill.isEmpty && openAttemptByPhone.isEmpty && awaitingTill.isEmpty && hosts.allSatisfy { $0.ending != nil }
    }

    public var violations: [Settled] {
        settled.filter { if case .violated = $0.verdict { true } else { false } }
    }

    // MARK: till side

    func hostStarted(till: Int, at time: Duration) {
        hosts.append(HostRecord(till: till, lockedAt: time))
        openHostByTill[till] = hosts.count - 1
    }

    func hostServing(till: Int, transaction: TransactionID, phone: Int) {
        guard let host = openHostByTill[till] else { return }
        hosts[host].transaction = transaction
        if let attempt = keyAttemptByPhone[phone], attempts[attempt].chosenTill == till, attempts[attempt].host == nil {
            hosts[host].servedAttempt = attempt
            attempts[attempt].host = host
            awaitingTill.removeAll { $0 == attempt }
        }
    }

    func hostFinished(till: Int, ending: HostEnding, transaction: TransactionID?, screen: HostScreen, at time: Duration) {
        let host: Int
        if let open = openHostByTill[till] { host = open } else {
            hosts.append(HostRecord(till: till, lockedAt: time))
            host = hosts.count - 1
        }
        openHostByTill[till] = nil
        hosts[host].transaction = hosts[host].transaction ?? transaction
        hosts[host].ending = ending
        hosts[host].screen = screen
        hosts[host].endedAt = time
        if let attempt = hosts[host].servedAttempt {
            if attempts[attempt].ending != nil { settle(host: host, attempt: attempt, at: time) }
        } else {
            settle(host: host, attempt: nil, at: time)
        }
        // Keys written to this till and not taken by the transaction that just ended: no longer in flight.
        let unserved = awaitingTill.filter { attempts[$0].chosenTill == till }
        awaitingTill.removeAll { attempts[$0].chosenTill == till }
        for attempt in unserved { settle(host: nil, attempt: attempt, at: time) }
    }

    // MARK: phone side

    func attemptStarted(phone: Int, at time: Duration, platform: String? = nil) {
        attempts.append(PhoneAttempt(index: attempts.count, phone: phone, startedAt: time))
        attempts[attempts.count - 1].platform = platform
        openAttemptByPhone[phone] = attempts.count - 1
    }

    func attemptChose(phone: Int, till: Int, nearest: Int?, at position: Position, time: Duration, platform: String?) {
        guard let attempt = openAttemptByPhone[phone] else { return }
        attempts[attempt].chosenTill = till
        attempts[attempt].connectRequestedAt = time
        if let platform { attempts[attempt].platform = platform }
        attempts[attempt].nearestTill = nearest
        attempts[attempt].position = position
    }

    /// The phone writes its key: it has just been connected and subscribed.
    func attemptSentKey(phone: Int, at time: Duration) {
        guard let attempt = openAttemptByPhone[phone] else { return }
        if attempts[attempt].subscribedAt == nil { attempts[attempt].subscribedAt = time }
        keyAttemptByPhone[phone] = attempt
    }

    func attemptSecure(phone: Int, at time: Duration) {
        guard let attempt = openAttemptByPhone[phone] else { return }
        attempts[attempt].secureAt = time
    }

    func attemptMissedDeadline(phone: Int) {
        guard let attempt = openAttemptByPhone[phone] else { return }
        attempts[attempt].deadlineMissed = true
    }

    func attemptFinished(phone: Int, ending: PhoneEnding, screen: PhoneScreen, at time: Duration) {
        let attempt: Int
        if let open = openAttemptByPhone[phone] { attempt = open } else {
            attempts.append(PhoneAttempt(index: attempts.count, phone: phone, startedAt: time))
            attempt = attempts.count - 1
        }
        openAttemptByPhone[phone] = nil
        attempts[attempt].ending = ending
        attempts[attempt].screen = screen
        attempts[attempt].endedAt = time
        if let host = attempts[attempt].host {
            if hosts[host].ending != nil { settle(host: host, attempt: attempt, at: time) }
        } else if keyAttemptByPhone[phone] == attempt, let till = attempts[attempt].chosenTill, openHostByTill[till] != nil {
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

    /// The phone's open attempt, if any.
    func openAttempt(of phone: Int) -> PhoneAttempt? {
        openAttemptByPhone[phone].map { attempts[$0] }
    }

    private func settle(host: Int?, attempt: Int?, at time: Duration) {
        let pair = EndingPair(host: host.flatMap { hosts[$0].ending }, phone: attempt.flatMap { attempts[$0].ending })
        let record = Settled(host: host, attempt: attempt, pair: pair, verdict: AgreementRule.check(pair), at: time)
        settled.append(record)
        onSettled(record)
    }
}
