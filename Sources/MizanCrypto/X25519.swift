internal import CSodium

/// Raw X25519 (`crypto_scalarmult`), the function under `crypto_kx`. The
/// protocol never calls it directly; it is here so that the Wycheproof vectors
/// check the same libsodium that derives the session keys.
public enum X25519 {
    /// The shared point of `privateKey` and `publicKey`. libsodium refuses a
    /// result of all zeros (a low-order public key) with `.rejectedPeerKey`.
    public static func sharedSecret(privateKey: SecureBytes, publicKey: [UInt8]) throws(CryptoError) -> SecureBytes {
        try Sodium.ready()
        try Sodium.requireLength("X25519 private key", privateKey.count, Int(crypto_scalarmult_SCALARBYTES))
        try Sodium.requireLength("X25519 public key", publicKey.count, Int(crypto_scalarmult_BYTES))
        return try SecureBytes(count: Int(crypto_scalarmult_BYTES)) { (out: UnsafeMutablePointer<UInt8>) throws(CryptoError) in
            try Sodium.check(crypto_scalarmult(out, privateKey.pointer, publicKey), else: .rejectedPeerKey)
        }
    }
}
