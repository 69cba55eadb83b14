internal import CSodium

/// A fresh `crypto_kx` key pair: one per side per transaction.
public struct KeyPair: Sendable {
    public static let seedByteCount = Int(crypto_kx_SEEDBYTES)
    public let publicKey: PublicKey
    public let secretKey: SecureBytes

    /// A key pair from the system's random source (`crypto_kx_keypair`).
    public static func generate() throws(CryptoError) -> KeyPair {
        try Sodium.ready()
        var pk = [UInt8].zeroed(count: PublicKey.byteCount)
        let sk = try SecureBytes(count: Int(crypto_kx_SECRETKEYBYTES)) { (p: UnsafeMutablePointer<UInt8>) throws(CryptoError) in
            try Sodium.check(crypto_kx_keypair(&pk, p), else: .libraryUnavailable)
        }
        return KeyPair(publicKey: try PublicKey(bytes: pk), secretKey: sk)
    }

    /// A key pair derived from a 32-byte seed (`crypto_kx_seed_keypair`), so that
    /// a simulation draws its keys from its own seeded generator and replays byte
    /// for byte.
    public static func derive(fromSeed seed: SecureBytes) throws(CryptoError) -> KeyPair {
        try Sodium.ready()
        try Sodium.requireLength("key seed", seed.count, seedByteCount)
        var pk = [UInt8].zeroed(count: PublicKey.byteCount)
        let sk = try SecureBytes(count: Int(crypto_kx_SECRETKEYBYTES)) { (p: UnsafeMutablePointer<UInt8>) throws(CryptoError) in
            try Sodium.check(crypto_kx_seed_keypair(&pk, p, seed.pointer), else: .libraryUnavailable)
        }
        return KeyPair(publicKey: try PublicKey(bytes: pk), secretKey: sk)
    }

    init(publicKey: PublicKey, secretKey: SecureBytes) {
        self.publicKey = publicKey
        self.secretKey = secretKey
    }
}

extension KeyPair: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "KeyPair(redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
