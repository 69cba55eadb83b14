/// The payer's answer to the amount, sealed from client to host.
public enum Decision: UInt8, Sendable, CaseIterable {
    case confirm = 1
    case decline = 2
}
