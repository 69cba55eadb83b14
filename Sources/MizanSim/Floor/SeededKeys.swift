import MizanRadio
import MizanTime
import MizanCrypto
import MizanRuntime

/// Key seeds drawn from a device's own stream of the run's generator, so that
/// every key pair, and so every sealed frame, replays with the seed.
///
/// With a crypto pool, the key pairs the stream will hand out next are derived
/// on the pool's threads ahead of need (`lookahead` of them, drawn from the
/// generator in the order `next` would have drawn them), and so are the session
/// keys of a transaction whose two key pairs are known ahead (`prepareSession`).
/// The device still takes its keys in its own order, and every value is a pure
/// function of the seed drawn for it, so the run reports the same with a pool
/// of any size as without one.
///
/// Ownership: a `SeededKeys` belongs to the thread driving the floor (its
/// drivers call `source` there); only the `CryptoTask`s it makes are shared
/// with the pool's workers.
final class SeededKeys {
    private var generator: SeededGenerator
    private let pool: CryptoPool?
    /// How many key pairs to keep derived ahead (with a pool).
    private let lookahead: Int
    /// Key pairs drawn but not handed out yet, next first.
    private var ahead: [CryptoTask<KeyPair>] = []
    /// The key pair handed out last: session keys prepared for it stay usable.
    private var current: CryptoTask<KeyPair>?
    /// Session keys prepared for one of this stream's key pairs and a peer's, oldest first.
    private var prepared: [PreparedSession] = []
    /// At most this many prepared sessions are kept (the oldest go first); one not found is derived on the spot.
    private static let preparedLimit = 8

    private struct PreparedSession {
        let side: SessionKeys.Side
        let own: CryptoTask<KeyPair>
        let peer: CryptoTask<KeyPair>
        let keys: CryptoTask<SessionKeys>
    }

    /// Counts, for the benchmarks, of how the loop found the crypto it asked for (shared by a floor's streams).
    private let tally: CryptoAheadTally?

    init(_ generator: SeededGenerator, pool: CryptoPool? = nil, lookahead: Int = 0, tally: CryptoAheadTally? = nil) {
        self.generator = generator
        self.pool = pool
        self.tally = tally
        self.lookahead = pool == nil ? 0 : lookahead
        topUp()
    }

    var source: KeySource {
        guard pool != nil else {
            return .seeded { [unowned self] in generator.bytes(count: KeyPair.seedByteCount) }
        }
        return KeySource(
            next: { [unowned self] () throws(CryptoError) in try nextPair() },
            sessionKeys: { [unowned self] (side, own, peer) throws(CryptoError) in try sessionKeys(side, own: own, peer: peer) }
        )
    }

    /// A transaction is about to start between this phone's next key pair and
    /// `till`'s next one: derive both sides' session keys on the pool. If the
    /// till serves someone else first, its prepared keys do not match its key
    /// pair then and are derived on the spot instead.
    func prepareSession(with till: SeededKeys) {
        guard let pool else { return }
        let phonePair = upcoming(), tillPair = till.upcoming()
        let server = CryptoTask<SessionKeys> {
            Result { () throws(CryptoError) in
                try SessionKeys.server(own: tillPair.value(), client: phonePair.value().publicKey)
            }
        }
        let client = CryptoTask<SessionKeys> {
            Result { () throws(CryptoError) in
                try SessionKeys.client(own: phonePair.value(), server: tillPair.value().publicKey)
            }
        }
        pool.submit(server)
        pool.submit(client)
        till.remember(PreparedSession(side: .server, own: tillPair, peer: phonePair, keys: server))
        remember(PreparedSession(side: .client, own: phonePair, peer: tillPair, keys: client))
    }

    // MARK: with a pool

    /// The next key pair to hand out, drawn now if none is waiting.
    private func upcoming() -> CryptoTask<KeyPair> {
        if let first = ahead.first { return first }
        let task = draw()
        ahead.append(task)
        return task
    }

    private func nextPair() throws(CryptoError) -> KeyPair {
        let task = ahead.isEmpty ? draw() : ahead.removeFirst()
        current = task
        // Sessions prepared for key pairs already given away can no longer be asked for.
        prepared.removeAll { entry in entry.own !== task && !ahead.contains { $0 === entry.own } }
        topUp()
        tally?.count(task.result != nil ? \.pairsReady : \.pairsNotReady)
        return try task.value()
    }

    private func sessionKeys(_ side: SessionKeys.Side, own: KeyPair, peer: PublicKey) throws(CryptoError) -> SessionKeys {
        let match = prepared.firstIndex { entry in
            entry.side == side && entry.own === current
                && (try? entry.own.result?.get())?.publicKey == own.publicKey
                && (try? entry.peer.result?.get())?.publicKey == peer
        }
        guard let match else {
            tally?.count(\.sessionsOnTheSpot)
            return try SessionKeys.derive(side, own: own, peer: peer)
        }
        let keys = prepared.remove(at: match).keys
        tally?.count(keys.result != nil ? \.sessionsReady : \.sessionsNotReady)
        return try keys.value()
    }

    private func remember(_ session: PreparedSession) {
        prepared.append(session)
        if prepared.count > Self.preparedLimit { prepared.removeFirst(prepared.count - Self.preparedLimit) }
    }

    private func topUp() {
        while ahead.count < lookahead { ahead.append(draw()) }
    }

    /// Draws the next seed from the generator and queues its key pair on the pool.
    private func draw() -> CryptoTask<KeyPair> {
        var bytes = generator.bytes(count: KeyPair.seedByteCount)
        let seed = SecureBytes(copying: bytes)
        for i in bytes.indices { bytes[i] = 0 }
        let task = CryptoTask<KeyPair> { Result { () throws(CryptoError) in try KeyPair.derive(fromSeed: seed) } }
        pool?.submit(task)
        return task
    }
}

/// How a floor's devices found the crypto they asked for, with a pool: key
/// pairs and session keys ready (derived ahead), not ready yet (derived or
/// awaited then), or session keys derived on the spot (none prepared: the
/// till served another phone than the one it was expected to). Touched by the
/// floor's thread only.
public final class CryptoAheadTally {
    public internal(set) var pairsReady = 0
    public internal(set) var pairsNotReady = 0
    public internal(set) var sessionsReady = 0
    public internal(set) var sessionsNotReady = 0
    public internal(set) var sessionsOnTheSpot = 0

    init() {}

    func count(_ field: ReferenceWritableKeyPath<CryptoAheadTally, Int>) { self[keyPath: field] += 1 }

    /// One line for people.
    public var summary: String {
        "key pairs \(pairsReady) ready, \(pairsNotReady) not yet; session keys \(sessionsReady) ready, "
            + "\(sessionsNotReady) not yet, \(sessionsOnTheSpot) derived on the spot"
    }
}
