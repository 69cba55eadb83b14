import MizanCrypto
import MizanProtocol
import MizanRuntime

/// Everything that crossed a rehearsal link, in order, and every key pair
/// either side made: the material of the transcript file and of the log audit.
public final class FrameRecorder {
    public struct Frame: Sendable {
        public let index: Int
        /// Phone to till (a write) or till to phone (a notification).
        public let toTill: Bool
        public let sentAt: Duration
        public internal(set) var arrivedAt: Duration?
        public let bytes: [UInt8]
        /// How the scripted peer spoiled this frame on purpose, if it did.
        public internal(set) var tamper: Tamper?
    }

    public private(set) var frames: [Frame] = []
    /// Key pairs made by the till's side and the phone's side, in order.
    public private(set) var tillKeys: [KeyPair] = []
    public private(set) var phoneKeys: [KeyPair] = []

    init() {}

    func sent(_ bytes: [UInt8], toTill: Bool, at time: Duration) -> Int {
        frames.append(Frame(index: frames.count, toTill: toTill, sentAt: time, arrivedAt: nil, bytes: bytes, tamper: nil))
        return frames.count - 1
    }

    func arrived(_ index: Int, at time: Duration) {
        frames[index].arrivedAt = time
    }

    /// Marks the last frame sent as spoiled on purpose.
    func tamperedLast(_ tamper: Tamper) {
        guard !frames.isEmpty else { return }
        frames[frames.count - 1].tamper = tamper
    }

    func madeKeys(_ pair: KeyPair, till: Bool) {
        if till { tillKeys.append(pair) } else { phoneKeys.append(pair) }
    }

    /// A key source that records every pair it hands out.
    func recording(_ source: KeySource, till: Bool) -> KeySource {
        KeySource { [unowned self] () throws(CryptoError) -> KeyPair in
            let pair = try source.next()
            madeKeys(pair, till: till)
            return pair
        }
    }

    /// The transactions whose amount went out: each with both key pairs (when
    /// this run made them) and the associated data of its sealed frames.
    public func sessions(tillID: TillID) -> [RecordedSession] {
        var result: [RecordedSession] = []
        var phoneKey: [UInt8]?
        for frame in frames {
            guard let decoded = try? FrameCodec.decode(frame.bytes) else { continue }
            switch decoded {
            case let .phoneKey(key):
                phoneKey = key
            case let .amount(hostKey, transactionID, _):
                guard let phoneKey, let till = tillKeys.first(where: { $0.publicKey.bytes == hostKey }),
                      let phone = phoneKeys.first(where: { $0.publicKey.bytes == phoneKey }) else { continue }
                if result.contains(where: { $0.transactionID == transactionID && $0.till.publicKey == till.publicKey }) { continue }
                let transcript = Handshake.transcript(hostKey: till.publicKey, phoneKey: phone.publicKey,
                                                      till: tillID, transaction: transactionID)
                result.append(RecordedSession(transactionID: transactionID, till: till, phone: phone, associatedData: transcript.bytes))
            case .advertisement, .decision, .result, .end, .busy:
                continue
            }
        }
        return result
    }
}

/// One transaction's keys as the recorder saw them.
public struct RecordedSession: Sendable {
    public let transactionID: TransactionID
    public let till: KeyPair
    public let phone: KeyPair
    public let associatedData: [UInt8]
}
