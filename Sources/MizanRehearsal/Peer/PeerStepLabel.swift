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
    var name: String {
        switch self {
        case .phoneKey: "phone key"
        case .amount: "amount"
        case .decision: "decision"
        case .result: "result"
        case .end: "end"
        case .busy: "busy"
        }
    }
}

extension PeerExpectation {
    var name: String {
        switch self {
        case let .frame(frame): frame.name
        case .subscribed: "subscribed"
        case .acknowledged: "acknowledged"
        case .linkLost: "link lost"
        }
    }
}
