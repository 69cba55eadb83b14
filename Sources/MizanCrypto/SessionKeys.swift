internal import CSodium

/// The two session keys of one side of a transaction (`crypto_kx_*_session_keys`):
/// one to open what the peer sends, one to seal what this side sends.
public struct SessionKeys: Sendable {
    public let receive: SecureBytes
    public let transmit: SecureBytes

    /// The phone's keys (the `crypto_kx` client), from its key pair and the till's public key.
    public static func client(own: KeyPair, server: PublicKey) throws(CryptoError) -> SessionKeys {
        try derive(own: own, peer: server, using: crypto_kx_client_session_keys)
    }

    /// The till's keys (the `crypto_kx` server), from its key pair and the phone's public key.
    public static func server(own: KeyPair, client: PublicKey) throws(CryptoError) -> SessionKeys {
        try derive(own: own, peer: client, using: crypto_kx_server_session_keys)
    }

    /// Which side of `crypto_kx` a device is: the phone is the client, the till the server.
    public enum Side: Sendable {
        case client
        case server
    }

    /// The keys of `side`, from its own key pair and the peer's public key.
    public static func derive(_ side: Side, own: KeyPair, peer: PublicKey) throws(CryptoError) -> SessionKeys {
        switch side {
        case .client: try client(own: own, server: peer)
        case .server: try server(own: own, client: peer)
        }
    }

    private typealias Derivation = (
        UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt8>?,
        UnsafePointer<UInt8>, UnsafePointer<UInt8>, UnsafePointer<UInt8>
    ) -> Int32

    private static func derive(own: KeyPair, peer: PublicKey, using derivation: Derivation) throws(CryptoError) -> SessionKeys {
        try Sodium.ready()
        let size = Int(crypto_kx_SESSIONKEYBYTES)
        var tx: SecureBytes?
        let rx = try SecureBytes(count: size) { (rxp: UnsafeMutablePointer<UInt8>) throws(CryptoError) in
            tx = try SecureBytes(count: size) { (txp: UnsafeMutablePointer<UInt8>) throws(CryptoError) in
                // libsodium fails only when the shared point is the identity:
                // the peer sent a low-order key.
                try Sodium.check(
                    derivation(rxp, txp, own.publicKey.bytes, own.secretKey.pointer, peer.bytes),
                    else: .rejectedPeerKey
                )
            }
        }
        return SessionKeys(receive: rx, transmit: tx!)
    }
}

extension SessionKeys: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "SessionKeys(redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
