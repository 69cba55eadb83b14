import MizanProtocol

/// One rehearsal lane: the real machines of one side against a scripted
/// other side, with the operator's or payer's actions, and the ending both
/// screens must reach. Read from `lanes/NN-name.json` (docs/scripted-peer.md).
public struct Lane: Hashable, Sendable {
    /// The file's name without `.json`.
    public let name: String
    public let file: String
    /// One line on what the lane rehearses.
    public let about: String
    public let ending: Ending
    public let expectedHost: HostEnding?
    public let expectedPhone: PhoneEnding?
    public let expectedCharged: Bool
    public let amount: Amount
    public let till: LaneTill
    /// The phone as the till's radio sees it.
    public let central: CentralID
    /// The side whose real machines run.
    public let real: LaneSide
    /// Seed of the real side's key pairs.
    public let seed: UInt64
    /// How long the lane runs, in virtual time.
    public let duration: Duration
    public let actions: [RealAction]
    public let peer: PeerScript
}

/// Something the real side's person does (or its Bluetooth), at a time or
/// when a screen shows.
public struct RealAction: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case host(HostChain.Event)
        case phone(PhoneChain.Event)
        /// The real device's Bluetooth changes (through its radio).
        case bluetooth(RadioAvailability)
    }

    public enum Trigger: Hashable, Sendable {
        /// At this virtual time from the lane's start.
        case at(Duration)
        /// `after` the first time the real side shows this screen (a `HostScreen`
        /// or `PhoneScreen` raw value).
        case on(screen: String, after: Duration)
    }

    public let kind: Kind
    public let trigger: Trigger
}
