import MizanCrypto

/// Where a device's fresh key pairs come from: the system's random source in
/// live use, or a seed drawn from the run's generator in a simulation, so that
/// sealed frames replay byte for byte.
public struct KeySource {
    public var next: () throws(CryptoError) -> KeyPair

    public init(next: @escaping () throws(CryptoError) -> KeyPair) { self.next = next }

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
