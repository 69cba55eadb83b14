import MizanRadio
import MizanTime
import MizanProtocol

/// A run's figures as running counts and value stores, so that a ledger can
/// forget each transaction once it has settled: every till record and phone
/// attempt is added exactly once (when the ledger releases it, or at the
/// report for those it still holds). Quantiles are exact up to
/// `QuantileStore.exactLimit` values per figure (QuantileStore.swift).
struct LedgerFigures: Sendable {
    struct Platform: Sendable {
        var connectToSubscribed = QuantileStore()
        var startToSecureLink = QuantileStore()
        var startToResult = QuantileStore()
    }

    var startToSecureLink = QuantileStore()
    var startToResult = QuantileStore()
    /// By platform name (`PlatformTimes.unnamed` for none); reported sorted by name.
    var platforms: [String: Platform] = [:]
    var missedWithoutChoice = 0
    var missedWithChoice = 0
    /// Indexed as `DeadlineMissCause.allCases`.
    var missesByCause = [Int](repeating: 0, count: DeadlineMissCause.allCases.count)
    var attemptsWithChoice = 0
    var wrongTillChoices = 0
    var hostCountdownExpiries = 0
    var successes = 0

    mutating func add(_ host: TransactionLedger.HostRecord) {
        if host.ending == .countdownExpired { hostCountdownExpiries += 1 }
        if host.ending?.charged == true { successes += 1 }
    }

    mutating func add(_ attempt: TransactionLedger.PhoneAttempt) {
        let secure = attempt.secureAt.map { ($0 - attempt.startedAt).seconds }
        var result: Double?
        if let end = attempt.endedAt, attempt.ending == .paid || attempt.ending == .failed { result = (end - attempt.startedAt).seconds }
        var subscribed: Double?
        if let asked = attempt.connectRequestedAt, let done = attempt.subscribedAt { subscribed = (done - asked).seconds }
        if let secure { startToSecureLink.add(secure) }
        if let result { startToResult.add(result) }
        // In place: a copy of the platform's stores taken out of the dictionary
        // would share their buffers, and each add would then copy every value
        // so far (quadratic in the run's length). One look-up of the name (the
        // entry is made, empty, for an attempt with no times, as before).
        Self.add(subscribed: subscribed, secure: secure, result: result, to: &platforms[attempt.platform ?? PlatformTimes.unnamed, default: Platform()])
        if attempt.deadlineMissed {
            if attempt.chosenTill == nil { missedWithoutChoice += 1 } else { missedWithChoice += 1 }
            let cause = DeadlineMissCause.of(attempt)
            if let index = DeadlineMissCause.allCases.firstIndex(of: cause) { missesByCause[index] += 1 }
        }
        if attempt.chosenTill != nil {
            attemptsWithChoice += 1
            if attempt.chosenTill != attempt.nearestTill { wrongTillChoices += 1 }
        }
    }

    private static func add(subscribed: Double?, secure: Double?, result: Double?, to platform: inout Platform) {
        if let subscribed { platform.connectToSubscribed.add(subscribed) }
        if let secure { platform.startToSecureLink.add(secure) }
        if let result { platform.startToResult.add(result) }
    }

    /// Each platform's times, by name: those of `listed` (the floor's, so that every run of a
    /// floor reports the same platforms, with no times where none of its phones got that far)
    /// and any other a phone had.
    func byPlatform(listing listed: [String]) -> [PlatformTimes] {
        Set(platforms.keys).union(listed).sorted().map { name in
            let entry = platforms[name] ?? Platform()
            return PlatformTimes(platform: name, connectToSubscribed: entry.connectToSubscribed.percentiles,
                                 startToSecureLink: entry.startToSecureLink.percentiles, startToResult: entry.startToResult.percentiles)
        }
    }
}
