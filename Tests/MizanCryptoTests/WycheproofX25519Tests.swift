import Testing
@testable import MizanCrypto

/// Every vector of Wycheproof's x25519_test.json through libsodium's
/// `crypto_scalarmult`, the function beneath `crypto_kx`.
@Suite struct WycheproofX25519Tests {
    @Test func everyX25519VectorMatchesOrIsRejectedAsLibsodiumSpecifies() throws {
        let file = try Wycheproof.load("x25519_test", as: Wycheproof.X25519Group.self)
        var ran = 0, matched = 0, rejectedZeroShared = 0
        for group in file.testGroups {
            #expect(group.curve == "curve25519")
            for vector in group.tests {
                ran += 1
                let privateKey = SecureBytes(copying: Hex.decode(vector.private))
                let expected = Hex.decode(vector.shared)
                let outcome = Result { () throws(CryptoError) in
                    try X25519.sharedSecret(privateKey: privateKey, publicKey: Hex.decode(vector.public))
                }
                switch vector.result {
                case "valid":
                    // Valid vectors must give exactly the expected shared secret.
                    let shared = try #require(try? outcome.get(), "tcId \(vector.tcId): \(vector.comment)")
                    #expect(shared.withUnsafeBytes { Array($0) } == expected, "tcId \(vector.tcId)")
                    matched += 1
                case "acceptable":
                    // libsodium's documented choice: a low-order public key gives
                    // an all-zero shared secret, which crypto_scalarmult refuses.
                    // Every other acceptable case (twist points, non-canonical
                    // keys) is computed and must match.
                    if expected.allSatisfy({ $0 == 0 }) {
                        #expect(vector.flags.contains("ZeroSharedSecret"), "tcId \(vector.tcId)")
                        #expect(throws: CryptoError.rejectedPeerKey, "tcId \(vector.tcId)") { try outcome.get() }
                        rejectedZeroShared += 1
                    } else {
                        let shared = try #require(try? outcome.get(), "tcId \(vector.tcId): \(vector.comment)")
                        #expect(shared.withUnsafeBytes { Array($0) } == expected, "tcId \(vector.tcId)")
                        matched += 1
                    }
                default:
                    Issue.record("tcId \(vector.tcId): unexpected result '\(vector.result)'")
                }
            }
        }
        print("Wycheproof X25519: \(ran) vectors ran, \(matched) matched, \(rejectedZeroShared) zero shared secrets rejected")
        #expect(ran == file.numberOfTests)
        #expect(ran == 518)
        #expect(rejectedZeroShared > 0)
    }
}
