import MizanCrypto

/// W0 crypto-floor (docs/workloads.md): the crypto of one transaction and nothing
/// else: 2 key pairs, 2 session-key derivations, 3 seals and 3 opens.
enum W0CryptoFloor {
    /// One transaction's crypto. Returns the bytes opened, so the work cannot be
    /// optimised away.
    static func transaction(tillID: [UInt8], transactionID: [UInt8], messages: [[UInt8]]) throws(CryptoError) -> Int {
        let host = try KeyPair.generate()
        let phone = try KeyPair.generate()
        let transcript = Transcript(hostKey: host.publicKey, clientKey: phone.publicKey, tillID: tillID, transactionID: transactionID)
        var hostSide = try SecureSession.host(own: host, client: phone.publicKey, transcript: transcript)
        var phoneSide = try SecureSession.client(own: phone, host: host.publicKey, transcript: transcript)
        var opened = 0
        // amount (host -> phone), decision (phone -> host), result (host -> phone)
        opened += try phoneSide.open(hostSide.seal(messages[0])).count
        opened += try hostSide.open(phoneSide.seal(messages[1])).count
        opened += try phoneSide.open(hostSide.seal(messages[2])).count
        return opened
    }

    /// Runs `count` transactions and returns transactions per wall second.
    static func measure(count: Int) throws(CryptoError) -> Double {
        let tillID: [UInt8] = Array(0..<6)
        let transactionID: [UInt8] = Array(0..<8)
        let messages: [[UInt8]] = [Array(repeating: 0x41, count: 40), [0x01], [0x01]]
        var sink = 0
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<count { sink &+= try transaction(tillID: tillID, transactionID: transactionID, messages: messages) }
        let elapsed = start.duration(to: clock.now)
        precondition(sink > 0)
        return Double(count) / elapsed.seconds
    }
}
