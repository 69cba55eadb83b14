import Testing
@testable import MizanCrypto

/// No secret byte reaches a description, a debug description or a mirror.
@Suite struct RedactionTests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    @Test func keysAndSessionsPrintAsRedacted() throws {
        let pair = try KeyPair.derive(fromSeed: SecureBytes(copying: [UInt8](repeating: 0xAB, count: 32)))
        let peer = try KeyPair.generate()
        let keys = try SessionKeys.server(own: pair, client: peer.publicKey)
        let transcript = Transcript(hostKey: pair.publicKey, clientKey: peer.publicKey, tillID: [1], transactionID: [2])
        let session = try SecureSession.host(own: pair, client: peer.publicKey, transcript: transcript)
        let secretHex = pair.secretKey.withUnsafeBytes { Self.hex(Array($0)) }
        let publicHex = Self.hex(pair.publicKey.bytes)
        let sessionHex = keys.transmit.withUnsafeBytes { Self.hex(Array($0)) }
        let renderings: [String] = [
            "\(pair)", String(reflecting: pair), "\(pair.secretKey)", String(reflecting: pair.secretKey),
            "\(pair.publicKey)", "\(keys)", String(reflecting: keys), "\(session)", String(reflecting: session),
            "\(session.sealer)", "\(session.opener)", "\(transcript)",
            { var s = ""; dump(pair, to: &s); dump(keys, to: &s); dump(session, to: &s); return s }(),
        ]
        for text in renderings {
            #expect(!text.contains(secretHex))
            #expect(!text.contains(publicHex))
            #expect(!text.contains(sessionHex))
            #expect(!text.contains("171, 171")) // 0xAB as decimal array elements
        }
        #expect("\(pair.secretKey)" == "SecureBytes(32 bytes, redacted)")
    }
}
