import Testing
@testable import MizanCrypto

@Suite struct CryptoPoolTests {
    static func seed(_ n: UInt8) -> SecureBytes { SecureBytes(copying: [UInt8](repeating: n, count: KeyPair.seedByteCount)) }

    @Test func aPoolDerivesTheKeysTheCallingThreadWouldHave() throws {
        let pool = CryptoPool(workers: 3)
        let tasks = (0..<64).map { n in
            let seed = Self.seed(UInt8(n))
            return CryptoTask<KeyPair> { Result { () throws(CryptoError) in try KeyPair.derive(fromSeed: seed) } }
        }
        for task in tasks { pool.submit(task) }
        for (n, task) in tasks.enumerated() {
            #expect(try task.value().publicKey == KeyPair.derive(fromSeed: Self.seed(UInt8(n))).publicKey)
        }
        pool.shutdown()
    }

    @Test func sessionKeysFromTasksOpenWhatTheOtherSideSeals() throws {
        let pool = CryptoPool(workers: 1)
        let till = CryptoTask<KeyPair> { Result { () throws(CryptoError) in try KeyPair.derive(fromSeed: Self.seed(1)) } }
        let phone = CryptoTask<KeyPair> { Result { () throws(CryptoError) in try KeyPair.derive(fromSeed: Self.seed(2)) } }
        let server = CryptoTask<SessionKeys> {
            Result { () throws(CryptoError) in try SessionKeys.server(own: till.value(), client: phone.value().publicKey) }
        }
        let client = CryptoTask<SessionKeys> {
            Result { () throws(CryptoError) in try SessionKeys.client(own: phone.value(), server: till.value().publicKey) }
        }
        for job: any CryptoJob in [till, phone, server, client] { pool.submit(job) }
        let transcript = Transcript(hostKey: try till.value().publicKey, clientKey: try phone.value().publicKey,
                                    tillID: [1, 2, 3, 4, 5, 6], transactionID: [1, 2, 3, 4, 5, 6, 7, 8])
        var host = SecureSession.host(keys: try server.value(), transcript: transcript)
        var payer = SecureSession.client(keys: try client.value(), transcript: transcript)
        let sealed = try host.seal([7, 7, 7], frameHeader: [1])
        #expect(try payer.open(sealed, frameHeader: [1]) == [7, 7, 7])
    }

    @Test func aTaskLeftInTheQueueAtShutdownIsComputedByWhoeverAsks() throws {
        let pool = CryptoPool(workers: 1)
        pool.shutdown()
        let task = CryptoTask<KeyPair> { Result { () throws(CryptoError) in try KeyPair.derive(fromSeed: Self.seed(9)) } }
        pool.submit(task)
        #expect(task.result == nil)
        #expect(try task.value().publicKey == KeyPair.derive(fromSeed: Self.seed(9)).publicKey)
    }

    @Test func aRefusedPeerKeyIsTheSameErrorFromATask() throws {
        let own = try KeyPair.derive(fromSeed: Self.seed(3))
        let lowOrder = try PublicKey(bytes: [UInt8](repeating: 0, count: PublicKey.byteCount))
        let task = CryptoTask<SessionKeys> { Result { () throws(CryptoError) in try SessionKeys.server(own: own, client: lowOrder) } }
        let pool = CryptoPool(workers: 2)
        pool.submit(task)
        #expect(throws: CryptoError.rejectedPeerKey) { try task.value() }
    }
}
