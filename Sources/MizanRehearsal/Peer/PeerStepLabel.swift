import MizanProtocol

extension PeerStep {
    /// A short name for logs and errors: never a value, a key or an identifier.
    var label: String {
        switch self {
        case .advertise: "advertise"
        case .stopAdvertising: "stop advertising"
        case .retireService: "retire service"
        case .connect: "connect"
        case .unsubscribe: "unsubscribe"
        case let .send(frame, tamper): "send \(frame.name)" + (tamper.map { " (\($0.rawValue))" } ?? "")
        case let .expect(expectation, _): "expect \(expectation.name)"
        case .wait: "wait"
        case .dropLink: "drop link"
        case let .bluetooth(state): "bluetooth \(state)"
        }
    }
}

extension PeerFrame {
    /// The frame's type on the air.
    var type: FrameType {
        switch self {
        case .phoneKey: .phoneKey
        case .amount: .amount
        case .decision: .decision
        case .result: .result
        case .end: .end
        case .busy: .busy
        }
    }

    var name: String { type.name }
}

extension PeerExpectation {
    var name: String {
        switch self {
        case let .frame(type, _): type.name
        case .subscribed: "subscribed"
        case .acknowledged: "acknowledged"
        case .linkLost: "link lost"
        }
    }
}
