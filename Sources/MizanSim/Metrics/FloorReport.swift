import MizanProtocol

/// What one run of a floor amounts to: transactions by ending, times from
/// Start, deadline misses by cause, the wrong-till rate and agreement
/// violations. Every list is in a fixed order (catalogue order, then by name).
public struct FloorReport: Sendable {
    public let seed: UInt64
    public let simulated: Duration
    public let packetsSent: Int
    public let packetsHeard: Int
    public let ledger: TransactionLedgerSnapshot
    public let byEnding: [(ending: Ending, count: Int)]
    public let violations: [TransactionLedger.Settled]
    public let startToSecureLink: Percentiles
    public let startToResult: Percentiles
    public let phoneDeadlineMisses: (noTillFound: Int, tillQuietMidHandshake: Int)
    /// Missed phone deadlines by where the attempt stood, every cause listed.
    public let deadlineMissesByCause: [(cause: DeadlineMissCause, count: Int)]
    /// Set-up times per phone platform, by name.
    public let byPlatform: [PlatformTimes]
    /// The link layer's name ("simple" or "faithful").
    public let linkLayer: String
    public let hostCountdownExpiries: Int
    public let attemptsWithChoice: Int
    public let wrongTillChoices: Int
    public let successes: Int
    public let name: String
    public let tills: [Position]
    public let area: (width: Double?, depth: Double?)

    init(ledger: TransactionLedger, plan: FloorPlan, seed: UInt64, simulated: Duration, tills: [Position], packetsSent: Int, packetsHeard: Int) {
        self.seed = seed
        self.name = plan.name
        self.tills = tills
        self.area = (plan.width, plan.depth)
        self.simulated = simulated
        self.packetsSent = packetsSent
        self.packetsHeard = packetsHeard
        self.ledger = TransactionLedgerSnapshot(hosts: ledger.hosts, attempts: ledger.attempts, settled: ledger.settled)
        var counts = [Int](repeating: 0, count: (Ending.allCases.map(\.rawValue).max() ?? 0) + 1)
        for record in ledger.settled { if case let .agreed(ending) = record.verdict { counts[ending.rawValue] += 1 } }
        byEnding = Ending.allCases.map { ($0, counts[$0.rawValue]) }.filter { $0.count > 0 }
        violations = ledger.violations
        startToSecureLink = Percentiles(ledger.attempts.compactMap { a in a.secureAt.map { ($0 - a.startedAt).seconds } })
        startToResult = Percentiles(ledger.attempts.compactMap { a in
            guard let end = a.endedAt, a.ending == .paid || a.ending == .failed else { return nil }
            return (end - a.startedAt).seconds
        })
        let missed = ledger.attempts.filter(\.deadlineMissed)
        phoneDeadlineMisses = (missed.filter { $0.chosenTill == nil }.count, missed.filter { $0.chosenTill != nil }.count)
        deadlineMissesByCause = DeadlineMissCause.allCases.map { cause in (cause, missed.filter { DeadlineMissCause.of($0) == cause }.count) }
        byPlatform = PlatformTimes.of(ledger.attempts)
        linkLayer = plan.linkLayer.name
        hostCountdownExpiries = ledger.hosts.filter { $0.ending == .countdownExpired }.count
        let chose = ledger.attempts.filter { $0.chosenTill != nil }
        attemptsWithChoice = chose.count
        wrongTillChoices = chose.filter { $0.chosenTill != $0.nearestTill }.count
        successes = ledger.hosts.filter { $0.ending?.charged == true }.count
    }

    public var wrongTillRate: Double { attemptsWithChoice == 0 ? 0 : Double(wrongTillChoices) / Double(attemptsWithChoice) }
    public var transactions: Int { ledger.settled.count }
}

/// The ledger's records at the end of a run.
public struct TransactionLedgerSnapshot: Sendable {
    public let hosts: [TransactionLedger.HostRecord]
    public let attempts: [TransactionLedger.PhoneAttempt]
    public let settled: [TransactionLedger.Settled]
}
