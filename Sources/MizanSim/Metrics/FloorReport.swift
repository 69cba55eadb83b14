import MizanGeometry
import MizanRadio
import MizanTime
import MizanProtocol

/// What one run of a floor amounts to: transactions by ending, times from
/// Start, deadline misses by cause, the wrong-till rate and agreement
/// violations. Every list is in a fixed order (catalogue order, then by name).
public struct FloorReport: Sendable {
    public let seed: UInt64
    public let simulated: Duration
    public let packetsSent: Int
    public let packetsHeard: Int
    /// Payers who found their till's line full and went away (`PayerBehaviour.queueLimit`).
    public let payersTurnedAway: Int
    public let ledger: TransactionLedgerSnapshot
    public let byEnding: [(ending: Ending, count: Int)]
    public let violations: [TransactionLedger.Settled]
    public let startToSecureLink: Percentiles
    public let startToResult: Percentiles
    public let phoneDeadlineMisses: (noTillFound: Int, tillQuietMidHandshake: Int)
    /// Missed phone deadlines by where the attempt stood, every cause listed.
    public let deadlineMissesByCause: [(cause: DeadlineMissCause, count: Int)]
    /// Set-up times per phone platform, by name: every platform of the floor's phones
    /// (`LinkLayer.platformNames(unnamed:)`), whether or not one of them got that far.
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
    /// The floor's walls, for its pictures.
    public let walls: [Wall]

    init(ledger: TransactionLedger, plan: FloorPlan, seed: UInt64, simulated: Duration, tills: [Position], packetsSent: Int, packetsHeard: Int,
         payersTurnedAway: Int) {
        self.payersTurnedAway = payersTurnedAway
        self.seed = seed
        self.name = plan.name
        self.tills = tills
        self.area = (plan.width, plan.depth)
        walls = plan.walls.walls
        self.simulated = simulated
        self.packetsSent = packetsSent
        self.packetsHeard = packetsHeard
        self.ledger = TransactionLedgerSnapshot(hosts: ledger.hosts, attempts: ledger.attempts, settled: ledger.settled)
        transactions = ledger.settledCount
        let counts = ledger.endingCounts
        byEnding = Ending.allCases.map { ($0, counts[$0.rawValue]) }.filter { $0.count > 0 }
        violations = ledger.violations
        let figures = ledger.figures
        startToSecureLink = figures.startToSecureLink.percentiles
        startToResult = figures.startToResult.percentiles
        phoneDeadlineMisses = (figures.missedWithoutChoice, figures.missedWithChoice)
        deadlineMissesByCause = zip(DeadlineMissCause.allCases, figures.missesByCause).map { ($0, $1) }
        byPlatform = figures.byPlatform(listing: plan.linkLayer.platformNames(unnamed: PlatformTimes.unnamed))
        linkLayer = plan.linkLayer.name
        hostCountdownExpiries = figures.hostCountdownExpiries
        attemptsWithChoice = figures.attemptsWithChoice
        wrongTillChoices = figures.wrongTillChoices
        successes = figures.successes
    }

    /// The share of attempts that chose a till and chose one not nearest; none where none chose.
    public var wrongTillRate: Double? { attemptsWithChoice == 0 ? nil : Double(wrongTillChoices) / Double(attemptsWithChoice) }
    /// How many transactions settled (all of them, whether the ledger kept their records or streamed them).
    public let transactions: Int
}

/// The ledger's records at the end of a run: every one, or (when the ledger
/// streamed its settled transactions) the first ones it kept.
public struct TransactionLedgerSnapshot: Sendable {
    public let hosts: [TransactionLedger.HostRecord]
    public let attempts: [TransactionLedger.PhoneAttempt]
    public let settled: [TransactionLedger.Settled]

    /// A till transaction by number, if kept.
    public func host(_ index: Int) -> TransactionLedger.HostRecord? { hosts.indices.contains(index) ? hosts[index] : nil }
    /// A phone attempt by number, if kept.
    public func attempt(_ index: Int) -> TransactionLedger.PhoneAttempt? { attempts.indices.contains(index) ? attempts[index] : nil }
}
