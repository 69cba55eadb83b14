import MizanCrypto
import MizanProtocol

/// What a lane checks once it has run: the real side ended once, as the lane
/// expects, showing the catalogue's screen; the script ran to its end; the
/// pair of endings is one the agreement rule allows, under the lane's ending,
/// with the catalogue's "charged"; and no device logged a secret.
enum LaneCheck {
    static func check(_ lane: Lane, device: RealDevice, peer: ScriptedPeer, recorder: FrameRecorder,
                      logs: [LogAudit.Line], unfiredActions: [Int]) -> LaneResult {
        var problems: [String] = []
        let peerName = "the scripted \(lane.peer.side.rawValue)"
        let host: HostEnding?
        let phone: PhoneEnding?
        let hostScreen: HostScreen?
        let phoneScreen: PhoneScreen?
        switch (lane.real, lane.peer.ends) {
        case let (.host, .phone(declared)):
            host = device.hostEndings.first
            phone = declared
            hostScreen = device.hostScreen
            phoneScreen = declared?.screen
            problems += realEnded(device.hostEndings.map { String(describing: $0) }, expected: lane.expectedHost.map { String(describing: $0) })
            if let expected = lane.expectedHost, hostScreen != expected.screen {
                problems.append("the real host shows \"\(hostScreen?.rawValue ?? "-")\", the catalogue says \"\(expected.screen.rawValue)\"")
            }
            if declared != lane.expectedPhone { problems.append("\(peerName) declares \(name(declared)), the lane expects \(name(lane.expectedPhone))") }
        case let (.phone, .host(declared)):
            host = declared
            phone = device.phoneEndings.first
            hostScreen = declared?.screen
            phoneScreen = device.phoneScreen
            problems += realEnded(device.phoneEndings.map { String(describing: $0) }, expected: lane.expectedPhone.map { String(describing: $0) })
            if let expected = lane.expectedPhone, phoneScreen != expected.screen {
                problems.append("the real phone shows \"\(phoneScreen?.rawValue ?? "-")\", the catalogue says \"\(expected.screen.rawValue)\"")
            }
            if declared != lane.expectedHost { problems.append("\(peerName) declares \(name(declared)), the lane expects \(name(lane.expectedHost))") }
        case (.host, .host), (.phone, .phone):
            return unrunnable(lane, "the scripted peer plays the same side as the real one")
        }
        if let failure = peer.failure {
            problems.append("\(peerName) failed at \(failure)")
        } else if !peer.finished {
            let step = lane.peer.steps[peer.stepIndex]
            problems.append("\(peerName) was still at step \(peer.stepIndex + 1) (\(step.label)) when the lane ended")
        }
        for index in unfiredActions {
            problems.append("action \(index + 1) never ran: its screen never showed")
        }
        let pair = EndingPair(host: host, phone: phone)
        switch AgreementRule.check(pair) {
        case .agreed:
            let endings = EndingsCatalogue.rows(for: pair).map(\.ending)
            if !endings.contains(lane.ending) {
                problems.append("the catalogue files (\(name(host)), \(name(phone))) under ending \(endings.map { String($0.rawValue) }.joined(separator: ", ")), not \(lane.ending.rawValue)")
            }
        case .violated:
            problems.append("the agreement rule rejects (\(name(host)), \(name(phone)))")
        }
        if pair.charged != lane.expectedCharged {
            problems.append("charged is \(pair.charged), the lane expects \(lane.expectedCharged)")
        }
        let sessions = recorder.sessions(tillID: lane.till.id)
        let audit = LogAudit.check(logs, against: forbidden(lane, recorder: recorder, sessions: sessions))
        return LaneResult(
            lane: lane, hostEnding: host, phoneEnding: phone, hostScreen: hostScreen, phoneScreen: phoneScreen,
            charged: pair.charged, problems: problems, audit: audit, logLines: logs.count,
            frames: recorder.frames, sessions: sessions,
            tillKeys: recorder.tillKeys.map(record), phoneKeys: recorder.phoneKeys.map(record)
        )
    }

    static func unrunnable(_ lane: Lane, _ problem: String) -> LaneResult {
        LaneResult(lane: lane, hostEnding: nil, phoneEnding: nil, hostScreen: nil, phoneScreen: nil, charged: false,
                   problems: [problem], audit: [], logLines: 0, frames: [], sessions: [], tillKeys: [], phoneKeys: [])
    }

    /// Everything of this run no log may hold: the amount, every key either
    /// side made and every session key derived from them, the till's id and
    /// label, the phone's central id and the transaction ids.
    static func forbidden(_ lane: Lane, recorder: FrameRecorder, sessions: [RecordedSession]) -> [Forbidden] {
        var items: [Forbidden] = [.amount(lane.amount)]
        for (side, pairs) in [("till", recorder.tillKeys), ("phone", recorder.phoneKeys)] {
            for pair in pairs {
                items.append(.key("the \(side)'s public key", pair.publicKey.bytes))
                items.append(.key("the \(side)'s secret key", pair.secretKey.withUnsafeBytes { Array($0) }))
            }
        }
        for session in sessions {
            for keys in [try? SessionKeys.server(own: session.till, client: session.phone.publicKey),
                         try? SessionKeys.client(own: session.phone, server: session.till.publicKey)] {
                guard let keys else { continue }
                items.append(.key("a session key", keys.receive.withUnsafeBytes { Array($0) }))
                items.append(.key("a session key", keys.transmit.withUnsafeBytes { Array($0) }))
            }
        }
        items.append(.identifier("the till id", UInt64(lane.till.id.rawValue), byteWidth: 4))
        items.append(.label("the till's label", lane.till.label))
        items.append(.identifier("the phone's central id", UInt64(lane.central.rawValue), byteWidth: 4))
        var transactions = sessions.map(\.transactionID)
        transactions.append(lane.peer.transactionID ?? TransactionID(UInt64(lane.till.id.rawValue) << 32))
        for id in transactions { items.append(.identifier("the transaction id", id.rawValue, byteWidth: 8)) }
        return items
    }

    private static func realEnded(_ endings: [String], expected: String?) -> [String] {
        let wanted = expected.map { [$0] } ?? []
        guard endings != wanted else { return [] }
        let got = endings.isEmpty ? "never ended" : "ended " + endings.joined(separator: ", then ")
        return ["the real side \(got); the lane expects \(expected ?? "no ending")"]
    }

    private static func record(_ pair: KeyPair) -> KeyPairRecord {
        KeyPairRecord(publicKey: pair.publicKey.bytes, secretKey: pair.secretKey.withUnsafeBytes { Array($0) })
    }

    static func name<T>(_ ending: T?) -> String { ending.map { String(describing: $0) } ?? "none" }
}
