import Testing
@testable import MizanCrypto

/// Every vector of Wycheproof's xchacha20_poly1305_test.json through libsodium's
/// `crypto_aead_xchacha20poly1305_ietf_*`.
@Suite struct WycheproofXChaChaTests {
    @Test func everyXChaChaVectorSealsAndOpensOrIsRejected() throws {
        let file = try Wycheproof.load("xchacha20_poly1305_test", as: Wycheproof.AEADGroup.self)
        var ran = 0, valid = 0, rejectedNonce = 0, rejectedTag = 0
        for group in file.testGroups {
            for vector in group.tests {
                ran += 1
                let key = SecureBytes(copying: Hex.decode(vector.key))
                let nonce = Hex.decode(vector.iv)
                let aad = Hex.decode(vector.aad)
                let message = Hex.decode(vector.msg)
                let sealed = Hex.decode(vector.ct) + Hex.decode(vector.tag)
                let id = "tcId \(vector.tcId) (\(vector.comment))"
                if group.ivSize != 192 {
                    // Only 24-byte nonces exist for XChaCha20: any other size is a typed error both ways.
                    #expect(vector.result == "invalid", "\(id)")
                    let expected = CryptoError.invalidLength(what: "XChaCha20-Poly1305 nonce", expected: 24, actual: nonce.count)
                    #expect(throws: expected, "\(id)") { try XChaCha20Poly1305.open(sealed, key: key, nonce: nonce, associatedData: aad) }
                    #expect(throws: expected, "\(id)") { try XChaCha20Poly1305.seal(message, key: key, nonce: nonce, associatedData: aad) }
                    rejectedNonce += 1
                    continue
                }
                switch vector.result {
                case "valid":
                    #expect(try XChaCha20Poly1305.seal(message, key: key, nonce: nonce, associatedData: aad) == sealed, "\(id)")
                    #expect(try XChaCha20Poly1305.open(sealed, key: key, nonce: nonce, associatedData: aad) == message, "\(id)")
                    valid += 1
                case "invalid":
                    #expect(throws: CryptoError.authenticationFailed, "\(id)") {
                        try XChaCha20Poly1305.open(sealed, key: key, nonce: nonce, associatedData: aad)
                    }
                    rejectedTag += 1
                default:
                    Issue.record("\(id): unexpected result '\(vector.result)'")
                }
            }
        }
        print("Wycheproof XChaCha20-Poly1305: \(ran) vectors ran, \(valid) valid round-trips, \(rejectedTag) forgeries rejected, \(rejectedNonce) bad nonce sizes rejected")
        #expect(ran == file.numberOfTests)
        #expect(ran == 315)
        #expect(valid > 0 && rejectedTag > 0 && rejectedNonce > 0)
    }
}
