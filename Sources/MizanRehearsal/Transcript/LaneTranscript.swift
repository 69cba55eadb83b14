import MizanProtocol
import MizanSim
import MizanFormats
import MizanTime

/// The transcript file of one lane (docs/transcript-format.md): the frames
/// exchanged, in order, in hex with their direction and virtual times, and
/// both sides' ephemeral key pairs and each session's associated data, so
/// that an independent libsodium can rederive the session keys and open
/// every sealed frame. It holds secret keys: it is written only when asked.
public enum LaneTranscript {
    public static let format = "mizan-rehearsal-transcript/1"

    public static func render(_ result: LaneResult) -> String {
        let lane = result.lane
        let keys: ([KeyPairRecord]) -> JSON = { pairs in
            .array(pairs.map { .object([("publicKey", .string(hex($0.publicKey))), ("secretKey", .string(hex($0.secretKey)))]) })
        }
        let sessions: [JSON] = result.sessions.map { session in
            .object([
                ("transactionID", .string(hex(session.transactionID.bytes))),
                ("tillPublicKey", .string(hex(session.till.publicKey.bytes))),
                ("tillSecretKey", .string(hex(session.till.secretKey.withUnsafeBytes { Array($0) }))),
                ("phonePublicKey", .string(hex(session.phone.publicKey.bytes))),
                ("phoneSecretKey", .string(hex(session.phone.secretKey.withUnsafeBytes { Array($0) }))),
                ("associatedData", .string(hex(session.associatedData))),
            ])
        }
        let frames: [JSON] = result.frames.map { frame in
            .object([
                ("index", .int(frame.index)),
                ("direction", .string(frame.toTill ? "phone->till" : "till->phone")),
                ("sentAtMicroseconds", .int(Int(frame.sentAt.wholeMicroseconds))),
                ("arrivedAtMicroseconds", frame.arrivedAt.map { .int(Int($0.wholeMicroseconds)) } ?? .null),
                ("type", .string(FrameType(peeking: frame.bytes)?.name ?? "unknown")),
                ("tamper", frame.tamper.map { .string($0.rawValue) } ?? .null),
                ("hex", .string(hex(frame.bytes))),
            ])
        }
        return layout([
            ("format", .string(format)),
            ("lane", .string(lane.name)),
            ("real", .string(lane.real.rawValue)),
            ("tillID", .string(hex(lane.till.id.bytes))),
            ("keys", .object([("till", keys(result.tillKeys)), ("phone", keys(result.phoneKeys))])),
            ("sessions", .array(sessions)),
            ("frames", .array(frames)),
        ])
    }

    /// One member per line, and each item of a list (a session, a frame) on a line of its own.
    static func layout(_ members: [(key: String, value: JSON)]) -> String {
        JSONWriter.lines(.compact).text(.object(members)) + "\n"
    }

    static func hex(_ bytes: [UInt8]) -> String { Forbidden.hex(bytes) }
}
