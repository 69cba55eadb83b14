import MizanProtocol

/// What a phone's driver reports as it runs.
public enum PhoneObservation: Hashable, Sendable {
    case screen(PhoneScreen)
    /// The phone chose this till and connects to it.
    case connecting(TillID)
    /// The phone wrote its key to the till it connected to.
    case sentKey
    /// The amount opened: the link is secure.
    case secureLink(TransactionID)
    case finished(PhoneEnding)
}
