internal import CSodium

/// Raw XChaCha20-Poly1305-IETF (`crypto_aead_xchacha20poly1305_ietf_*`):
/// the cipher of every sealed message. Output is ciphertext followed by the tag.
public enum XChaCha20Poly1305 {
    public static let keyByteCount = Int(crypto_aead_xchacha20poly1305_ietf_KEYBYTES)
    public static let nonceByteCount = Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES)
    public static let tagByteCount = Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)

    public static func seal(
        _ message: [UInt8], key: SecureBytes, nonce: [UInt8], associatedData: [UInt8]
    ) throws(CryptoError) -> [UInt8] {
        try validate(key: key, nonce: nonce)
        var out = [UInt8].zeroed(count: message.count + tagByteCount)
        var outLength: UInt64 = 0
        let code = crypto_aead_xchacha20poly1305_ietf_encrypt(
            &out, &outLength, message, UInt64(message.count),
            associatedData, UInt64(associatedData.count), nil, nonce, key.pointer
        )
        try Sodium.check(code, else: .libraryUnavailable)
        return out
    }

    public static func open(
        _ sealed: [UInt8], key: SecureBytes, nonce: [UInt8], associatedData: [UInt8]
    ) throws(CryptoError) -> [UInt8] {
        try validate(key: key, nonce: nonce)
        guard sealed.count >= tagByteCount else { throw .frameTooShort(length: sealed.count) }
        var out = [UInt8].zeroed(count: sealed.count - tagByteCount)
        var outLength: UInt64 = 0
        let code = crypto_aead_xchacha20poly1305_ietf_decrypt(
            &out, &outLength, nil, sealed, UInt64(sealed.count),
            associatedData, UInt64(associatedData.count), nonce, key.pointer
        )
        try Sodium.check(code, else: .authenticationFailed)
        return out
    }

    private static func validate(key: SecureBytes, nonce: [UInt8]) throws(CryptoError) {
        try Sodium.ready()
        try Sodium.requireLength("XChaCha20-Poly1305 key", key.count, keyByteCount)
        try Sodium.requireLength("XChaCha20-Poly1305 nonce", nonce.count, nonceByteCount)
    }
}
