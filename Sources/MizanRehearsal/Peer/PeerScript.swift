import MizanSim
import MizanProtocol
import MizanRadio

/// One side of a transaction played from a file: which side, its key seed,
/// the link's timing, its steps, and the ending it shows when they are done.
public struct PeerScript: Hashable, Sendable {
    /// The side the peer plays; the lane runs the real machines of the other.
    public let side: LaneSide
    /// Seed of the peer's key pair (`crypto_kx_seed_keypair` of 32 bytes drawn from it).
    public let seed: UInt64
    public let timing: LinkTiming
    /// The transaction id a scripted till puts in its amount (default: till id << 32).
    public let transactionID: TransactionID?
    public let steps: [PeerStep]
    /// The ending the scripted device shows: a host ending for a till, a phone
    /// ending for a phone, nil when it never took part in the transaction.
    public let ends: PeerEnding
}

/// The ending a scripted peer declares.
public enum PeerEnding: Hashable, Sendable {
    case host(HostEnding?)
    case phone(PhoneEnding?)
}

/// Which side of a transaction.
public enum LaneSide: String, CaseIterable, Hashable, Sendable {
    case host
    case phone

    public var other: LaneSide {
        switch self {
        case .host: .phone
        case .phone: .host
        }
    }
}
