/// Which way a sealed frame travels. It is the first byte of every sealed frame
/// and of its nonce, so the two directions never share a nonce even if their
/// keys were equal.
public enum Direction: UInt8, Sendable, CaseIterable {
    case hostToClient = 0x01
    case clientToHost = 0x02
}
