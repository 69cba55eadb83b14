import MizanRadio
import MizanTime
/// The set-up times of one phone platform's attempts: connect request to
/// connected and subscribed, Start to secure link, Start to result.
public struct PlatformTimes: Sendable {
    /// The platform of phones that have none (the simple link layer's).
    public static let unnamed = "any"

    public let platform: String
    public let connectToSubscribed: Percentiles
    public let startToSecureLink: Percentiles
    public let startToResult: Percentiles
}

/// Why a phone's 10 s deadline passed: where the attempt stood.
public enum DeadlineMissCause: String, CaseIterable, Sendable {
    /// Still searching: no till chosen.
    case noTillFound = "no till found"
    /// A till chosen, never connected and subscribed (the till stopped
    /// advertising, was out of reach, at its bound of links, or set-up was slow).
    case notConnected = "not connected and subscribed"
    /// Subscribed and the key written; no amount by the deadline (the till
    /// quiet mid-handshake: serving another phone, or the link lossy).
    case noAmount = "no amount after the key"

    /// The cause as a column name.
    public var key: String {
        switch self {
        case .noTillFound: "no_till_found"
        case .notConnected: "not_connected"
        case .noAmount: "no_amount"
        }
    }

    static func of(_ attempt: TransactionLedger.PhoneAttempt) -> DeadlineMissCause {
        if attempt.chosenTill == nil { return .noTillFound }
        if attempt.subscribedAt == nil { return .notConnected }
        return .noAmount
    }
}
