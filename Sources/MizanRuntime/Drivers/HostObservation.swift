import MizanProtocol

/// What a till's driver reports as it runs: to metrics, traces, policies and
/// lanes. Never an amount or a key.
public enum HostObservation: Hashable, Sendable {
    case screen(HostScreen)
    /// The till took this phone's key for this transaction.
    case serving(CentralID, TransactionID)
    case finished(HostEnding, TransactionID?)
}
