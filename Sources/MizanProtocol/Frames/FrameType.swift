/// The type byte of a frame, the second byte on the air.
public enum FrameType: UInt8, CaseIterable, Sendable {
    case advertisement = 1
    case phoneKey = 2
    case amount = 3
    case decision = 4
    case result = 5
    case end = 6
    case busy = 7

    /// Version and type bytes in front of every body.
    static let headerByteCount = 2

    /// The type a byte string claims in its header, without decoding the rest:
    /// what a radio in the middle can see. `nil` for an unknown version or type.
    public init?(peeking bytes: [UInt8]) {
        guard bytes.count >= Self.headerByteCount, bytes[0] == Frame.version else { return nil }
        self.init(rawValue: bytes[1])
    }

    /// A name for traces.
    public var name: String {
        switch self {
        case .advertisement: "advertisement"
        case .phoneKey: "phone key"
        case .amount: "amount"
        case .decision: "decision"
        case .result: "result"
        case .end: "end"
        case .busy: "busy"
        }
    }
}
