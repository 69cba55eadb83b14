/// The operator's verdict on a confirmed payment, sealed from host to client.
public enum Outcome: UInt8, Sendable, CaseIterable {
    case success = 1
    case failure = 2
}
