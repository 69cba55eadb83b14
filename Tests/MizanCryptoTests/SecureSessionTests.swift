import Testing
@testable import MizanCrypto

@Suite struct SecureSessionTests {
    struct Pair {
        var host: SecureSession
        var phone: SecureSession
    }

    static let tillID: [UInt8] = [0x54, 0x31]
    static let transactionID: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]

    static func seed(_ byte: UInt8) -> SecureBytes { SecureBytes(copying: [UInt8](repeating: byte, count: 32)) }

    static func makePair(transactionID: [UInt8] = transactionID) throws -> Pair {
        let hostKeys = try KeyPair.derive(fromSeed: seed(1))
        let phoneKeys = try KeyPair.derive(fromSeed: seed(2))
        let transcript = Transcript(hostKey: hostKeys.publicKey, clientKey: phoneKeys.publicKey, tillID: tillID, transactionID: transactionID)
        return Pair(
            host: try .host(own: hostKeys, client: phoneKeys.publicKey, transcript: transcript),
            phone: try .client(own: phoneKeys, host: hostKeys.publicKey, transcript: transcript)
        )
    }

    @Test func clientAndServerDeriveMatchingSessionKeys() throws {
        let host = try KeyPair.generate()
        let phone = try KeyPair.generate()
        let hostKeys = try SessionKeys.server(own: host, client: phone.publicKey)
        let phoneKeys = try SessionKeys.client(own: phone, server: host.publicKey)
        #expect(hostKeys.transmit.constantTimeEquals(phoneKeys.receive))
        #expect(hostKeys.receive.constantTimeEquals(phoneKeys.transmit))
        #expect(!hostKeys.transmit.constantTimeEquals(hostKeys.receive))
    }

    @Test func sealedFramesTravelBothWays() throws {
        var pair = try Self.makePair()
        let amount: [UInt8] = Array("1250 EUR".utf8)
        #expect(try pair.phone.open(pair.host.seal(amount)) == amount)
        #expect(try pair.host.open(pair.phone.seal([1])) == [1])
        #expect(try pair.phone.open(pair.host.seal([7, 7])) == [7, 7])
    }

    @Test func seededKeyPairsReplayByteForByte() throws {
        let a = try KeyPair.derive(fromSeed: Self.seed(9))
        let b = try KeyPair.derive(fromSeed: Self.seed(9))
        let c = try KeyPair.derive(fromSeed: Self.seed(10))
        #expect(a.publicKey == b.publicKey)
        #expect(a.secretKey.constantTimeEquals(b.secretKey))
        #expect(a.publicKey != c.publicKey)
        var first = try Self.makePair(), second = try Self.makePair()
        #expect(try first.host.seal([1, 2, 3]) == second.host.seal([1, 2, 3]))
    }

    @Test func aTamperedFrameIsRejected() throws {
        var pair = try Self.makePair()
        var frame = try pair.host.seal([1, 2, 3, 4])
        frame[frame.count - 1] ^= 0x01
        #expect(throws: CryptoError.authenticationFailed) { try pair.phone.open(frame) }
    }

    @Test func aFrameSealedForTheOtherDirectionIsRejected() throws {
        var pair = try Self.makePair()
        let frame = try pair.phone.seal([1])
        // The phone tries to open its own frame, as if the host had echoed it back.
        #expect(throws: CryptoError.wrongDirection) { try pair.phone.open(frame) }
    }

    @Test func aReplayedFrameIsRejected() throws {
        var pair = try Self.makePair()
        let frame = try pair.host.seal([1])
        #expect(try pair.phone.open(frame) == [1])
        #expect(throws: CryptoError.replayed(counter: 0)) { try pair.phone.open(frame) }
    }

    @Test func aFrameOutOfOrderIsRejected() throws {
        var pair = try Self.makePair()
        _ = try pair.host.seal([1])
        let second = try pair.host.seal([2])
        #expect(throws: CryptoError.outOfOrder(expected: 0, actual: 1)) { try pair.phone.open(second) }
    }

    @Test func aFrameFromAnotherTransactionIsRejected() throws {
        var pair = try Self.makePair()
        var other = try Self.makePair(transactionID: [9, 9, 9, 9, 9, 9, 9, 9])
        #expect(throws: CryptoError.authenticationFailed) { try pair.phone.open(other.host.seal([1])) }
    }

    @Test func aTruncatedFrameIsRejected() throws {
        var pair = try Self.makePair()
        let frame = try pair.host.seal([])
        #expect(throws: CryptoError.frameTooShort(length: frame.count - 1)) { try pair.phone.open(Array(frame.dropLast())) }
    }

    @Test func aPublicKeyOfTheWrongLengthIsATypedError() {
        #expect(throws: CryptoError.invalidLength(what: "public key", expected: 32, actual: 31)) {
            try PublicKey(bytes: [UInt8](repeating: 1, count: 31))
        }
    }

    @Test func aLowOrderPeerKeyIsRejected() throws {
        let own = try KeyPair.generate()
        let lowOrder = try PublicKey(bytes: [UInt8](repeating: 0, count: 32))
        #expect(throws: CryptoError.rejectedPeerKey) { try SessionKeys.server(own: own, client: lowOrder) }
        #expect(throws: CryptoError.rejectedPeerKey) { try SessionKeys.client(own: own, server: lowOrder) }
    }

    @Test func aSeedOfTheWrongLengthIsATypedError() {
        #expect(throws: CryptoError.invalidLength(what: "key seed", expected: 32, actual: 16)) {
            try KeyPair.derive(fromSeed: SecureBytes(copying: [UInt8](repeating: 1, count: 16)))
        }
    }
}

/// The tests above seal fields of frames without a clear header; the header's own checks are below.
extension SecureSession {
    mutating func seal(_ message: [UInt8]) throws(CryptoError) -> [UInt8] { try seal(message, frameHeader: []) }
    mutating func open(_ frame: [UInt8]) throws(CryptoError) -> [UInt8] { try open(frame, frameHeader: []) }
}
