/// An X25519 public key (32 bytes). Public keys are not secret, but they identify
/// a transaction, so the description is redacted all the same: device logs must
/// never carry a key.
public struct PublicKey: Hashable, Sendable {
    public static let byteCount = 32
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) throws(CryptoError) {
        try Sodium.requireLength("public key", bytes.count, Self.byteCount)
        self.bytes = bytes
    }
}

extension PublicKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "PublicKey(redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
