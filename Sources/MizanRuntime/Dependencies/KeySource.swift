import MizanCrypto

/// Where a device's fresh key pairs come from: the system's random source in
/// live use, or a seed drawn from the run's generator in a simulation, so that
/// sealed frames replay byte for byte. It also derives a transaction's session
/// keys, so that a simulation can take them from a crypto pool that derived
/// them ahead (the keys are the same whoever derives them).
public struct KeySource {
    public typealias SessionDerivation = (SessionKeys.Side, KeyPair, PublicKey) throws(CryptoError) -> SessionKeys

    public var next: () throws(CryptoError) -> KeyPair
    /// One side's session keys from its key pair and the peer's public key.
    public var sessionKeys: SessionDerivation

    public init(next: @escaping () throws(CryptoError) -> KeyPair, sessionKeys: @escaping SessionDerivation = KeySource.derive) {
        self.next = next
        self.sessionKeys = sessionKeys
    }

    /// Session keys derived on the spot (`crypto_kx_*_session_keys`).
    public static func derive(_ side: SessionKeys.Side, own: KeyPair, peer: PublicKey) throws(CryptoError) -> SessionKeys {
        try SessionKeys.derive(side, own: own, peer: peer)
    }

    /// Fresh keys from libsodium's random source (`crypto_kx_keypair`).
    public static var system: KeySource { KeySource { () throws(CryptoError) in try KeyPair.generate() } }

    /// Keys derived from 32-byte seeds supplied by `seed` (`crypto_kx_seed_keypair`).
    public static func seeded(_ seed: @escaping () -> [UInt8]) -> KeySource {
        KeySource { () throws(CryptoError) in
            var bytes = seed()
            defer { for i in bytes.indices { bytes[i] = 0 } }
            return try KeyPair.derive(fromSeed: SecureBytes(copying: bytes))
        }
    }
}
