import MizanGeometry
import MizanSelection
import MizanRadio
import MizanTime
import MizanProtocol

/// Everything one run of a floor needs besides its seed: the radio, the tills,
/// who pays and how, the faults, and how long to run.
public struct FloorPlan: Sendable {
    public var name = "floor"
    /// The floor's extent, metres: where idle payers stand, and the picture's frame.
    public var width: Double?
    public var depth: Double?
    public var radio = RadioParameters()
    public var audibility: RadioMedium.Audibility = .everyone
    /// The link layer: `simple` (fixed latencies, W1) or `faithful` (BLE's, per phone platform).
    public var linkLayer: LinkLayer = .simple
    public var tills: [TillPlan]
    public var payers: PayerArrivals
    public var operators = OperatorBehaviour()
    public var payerBehaviour = PayerBehaviour()
    public var phoneSelection: SelectionStrategy = .default
    /// A position-based strategy calibrated on a walk simulated in each run's
    /// own room (on the signal model): each run makes its phones' strategy
    /// from it, in place of `phoneSelection` (`WalkedSelection`).
    public var walkedSelection: WalkedSelection?
    public var faults: [Fault] = []
    /// The floor's walls: a packet whose path passes through one loses its loss (`Walls`).
    public var walls = Walls()
    public var duration: Duration
    /// Stop as soon as this many transactions have ended in success (W1).
    public var stopAfterSuccesses: Int?

    public init(tills: [TillPlan], payers: PayerArrivals, duration: Duration) {
        self.tills = tills
        self.payers = payers
        self.duration = duration
    }

    /// `count` tills in a row along x, `spacing` metres apart, at the radio's till height.
    public static func row(count: Int, spacing: Double = 2, height: Double = 1.0, countdown: Duration = .seconds(60)) -> [TillPlan] {
        (0..<count).map { i in
            TillPlan(index: i, position: Position(x: spacing * Double(i), y: 0, z: height), countdown: countdown)
        }
    }
}

public struct TillPlan: Hashable, Sendable {
    public var id: TillID
    public var label: String
    public var position: Position
    public var countdown: Duration
    /// Transmit-side RSSI offset, dB.
    public var rssiOffset: Double
    /// The amounts this till's payers bring, in minor units; `nil` for the payers' own range.
    public var amountRange: ClosedRange<Int64>?

    public init(id: TillID, label: String, position: Position, countdown: Duration = .seconds(60), rssiOffset: Double = 0) {
        self.id = id
        self.label = label
        self.position = position
        self.countdown = countdown
        self.rssiOffset = rssiOffset
    }

    /// The plan's till at `index` (from 0): its identifier is its number
    /// (`DeviceRef.tillID(index:)`) and, unless given, its label `Till 3`.
    public init(index: Int, label: String? = nil, position: Position, countdown: Duration = .seconds(60), rssiOffset: Double = 0) {
        let till = DeviceRef.till(index)
        self.init(id: DeviceRef.tillID(index: index), label: label ?? "Till \(till.number)", position: position,
                  countdown: countdown, rssiOffset: rssiOffset)
    }
}

/// Who comes to pay.
public enum PayerArrivals: Hashable, Sendable {
    /// `phonesPerTill` phones per till, `distance` metres in front of it (side
    /// by side, 0.2 m apart), paying again and again (docs/workloads.md W1 has one).
    case pairs(distance: Double, phonesPerTill: Int = 1)
    /// Payers arrive at each till as a Poisson process and queue (W2); with
    /// `meanGap` zero the queue never empties (W3). `idle` more payers stand on
    /// the floor without paying. Payers present from the start are created
    /// when they first act (`PendingPayers`).
    case queues(meanGap: Duration, idle: Int)
}

/// How operators behave (times in seconds).
public struct OperatorBehaviour: Hashable, Sendable {
    /// From a transaction's end to locking the next amount for the next payer.
    public var lockDelay: Duration = .seconds(2)
    /// From the payer's confirm to picking the outcome: uniform in this range.
    public var pickDelay: ClosedRange<Double> = 0.5...2
    /// The chance that the operator picks success.
    public var successProbability: Double = 1
    /// After a failed attempt while still advertising the payer's amount, the
    /// till drops the lock and locks again this much later (W2).
    public var relockDelay: Duration = .seconds(2)
    /// The operator cancels this long after locking, if the outcome is not picked by then.
    public var cancelAfter: Duration?

    public init() {}
}

/// How payers behave.
public struct PayerBehaviour: Hashable, Sendable {
    /// From the amount on screen to the decision: uniform in this range, seconds.
    public var reviewTime: ClosedRange<Double> = 1...4
    /// The chance that a payer who sees their own amount confirms (else declines).
    public var confirmProbability: Double = 1
    /// Where a payer stands relative to their till: x offset and y distance, uniform, metres.
    public var standX: ClosedRange<Double> = -0.3...0.3
    public var standY: ClosedRange<Double> = 0.3...1.0
    /// How many attempts a payer makes before leaving the queue.
    public var attempts: Int = 2
    /// The payer cancels this long after tapping Start, if the phone is still
    /// searching, connecting or showing the amount.
    public var cancelAfter: Duration?
    /// W1: from an ending to tapping Start again.
    public var restartDelay: Duration = .seconds(1)
    /// The amounts payers bring, in minor units of `currency`.
    public var currency: CurrencyCode = .eur
    public var amountRange: ClosedRange<Int64> = 100...20_000
    /// The share of phones whose Bluetooth is off, or not allowed for the app, when they arrive.
    public var bluetoothOffFraction: Double = 0
    public var bluetoothNotAllowedFraction: Double = 0
    /// Body or pocket loss, dB, on every packet: the first radio's
    /// (`"advertising": "simple"`); and the spread of phones' RSSI offsets, dB.
    public var bodyLoss: Double = 0
    public var phoneOffsetSigma: Double = 0
    /// The signal model's payers' bodies: where they carry their phone and
    /// how their body's direction swings its signal (`BodyModel`), drawn per
    /// payer. Standing, a payer faces their till; walking, the way they walk.
    public var body = BodyModel.handHeld
    /// Arrivals (`poisson`): the most payers a till's line holds, the one at the till counted; a
    /// payer who finds it full goes away (counted in the report, `payersTurnedAway`).
    public var queueLimit: Int = 20

    public init() {}
}
