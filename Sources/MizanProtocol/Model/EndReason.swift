/// Why the host ended a transaction after the secure link without an outcome,
/// sealed from host to client.
public enum EndReason: UInt8, Sendable, CaseIterable {
    /// The operator cancelled.
    case cancelled = 1
}
