import MizanGeometry
import MizanRadio
import MizanTime
import MizanProtocol

/// One thing that happened on the floor, as the trace records it: when, and
/// what, with its devices and values typed. The floor hands these to its
/// observers (`Floor(events:)`, `Floor(trace:)`); `TraceWriter` turns each into
/// one line of the trace (`TraceWriter.line(_:)`), and the timeline and
/// `mizan replay` keep the ones of a transaction without going through text.
public struct FloorEvent: Sendable {
    /// Virtual time since the run began.
    public let time: Duration
    public let kind: Kind

    public init(at time: Duration, _ kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// What happened. Devices are indices from 0 (`DeviceRef`); the trace
    /// names them from 1.
    public enum Kind: Sendable {
        /// On the air: the medium's events.
        case air(MediumEvent)

        // The till and its operator.
        case tillScreen(till: Int, HostScreen)
        /// The till serves the phone that sent its key.
        case serving(till: Int, phone: Int)
        case tillEnded(till: Int, HostEnding)
        /// The operator locks an amount: the floor file's operator for payer
        /// `phone`, or a person's process (`by`).
        case operatorLocks(till: Int, phone: Int?, by: String?)
        case operatorPicks(till: Int, Outcome, by: String?)
        case operatorCancels(till: Int, by: String?)

        // The payer and their phone.
        /// A payer arrives and joins the till's queue.
        case arrives(phone: Int, till: Int)
        /// A payer arrives to `till`'s full line and goes away (`queueLimit`):
        /// an event of the floor, as nothing of theirs is drawn (no phone) and it is
        /// no transaction's.
        case payerTurnedAway(till: Int)
        case payerTapsStart(phone: Int)
        case phoneScreen(phone: Int, PhoneScreen)
        /// The phone picks `till`; `nearest` is the nearest till, if any.
        case chooses(phone: Int, till: Int, nearest: Int?)
        case secureLink(phone: Int)
        case phoneEnded(phone: Int, PhoneEnding)
        /// The payer confirms the amount, or declines it.
        case payerDecides(phone: Int, confirms: Bool, by: String?)
        case payerCancels(phone: Int, by: String?)
        /// After too many failed attempts the payer leaves the queue.
        case payerLeaves(phone: Int)
        case payerWalks(phone: Int, to: Position, by: String)
        /// A person's own record (`Person.record`): any event, on any device.
        case recorded(DeviceRef, event: String, by: String, [Field])

        // The floor.
        /// The ledger settled a transaction: its pair of endings and the agreement rule's verdict.
        case settled(EndingPair, AgreementRule.Verdict)
        /// A fault's device is not on the floor when the fault is due.
        case faultSkipped(DeviceRef)
        /// The trace's last line: it counts every line, this one too (`FloorTraceFile`).
        case endOfTrace(lines: Int)
    }

    /// A field of a person's own record: a key and its value.
    public typealias Field = (key: String, value: Value)

    public enum Value: Sendable, Hashable {
        case string(String)
        case int(Int)
        case bool(Bool)
    }

    /// The device the event happened on, or nil for the floor itself
    /// (settlements, skipped faults, the end of the trace). A frame sent is
    /// the sender's event; a frame received, the receiver's.
    public var device: DeviceRef? {
        switch kind {
        case let .air(event):
            switch event {
            case let .advertisingStarted(till), let .advertisingStopped(till), let .serviceRetired(till),
                 let .unsubscribed(_, till): .till(till)
            case let .connected(phone, _), let .connectFailed(phone, _), let .connectRequestLost(phone, _),
                 let .setUp(phone, _, _), let .linkLost(phone, _, _): .phone(phone)
            case let .sent(phone, till, toTill, _, _): toTill ? .phone(phone) : .till(till)
            case let .delivered(phone, till, toTill, _): toTill ? .till(till) : .phone(phone)
            case let .power(device, _): device
            }
        case let .tillScreen(till, _), let .serving(till, _), let .tillEnded(till, _), let .operatorLocks(till, _, _),
             let .operatorPicks(till, _, _), let .operatorCancels(till, _): .till(till)
        case let .arrives(phone, _), let .payerTapsStart(phone), let .phoneScreen(phone, _), let .chooses(phone, _, _),
             let .secureLink(phone), let .phoneEnded(phone, _), let .payerDecides(phone, _, _), let .payerCancels(phone, _),
             let .payerLeaves(phone), let .payerWalks(phone, _, _): .phone(phone)
        case let .recorded(device, _, _, _): device
        case .payerTurnedAway, .settled, .faultSkipped, .endOfTrace: nil
        }
    }
}
