import MizanSim
import MizanProtocol
import MizanFormats
import MizanRadio

/// Reads a scripted peer (the `peer` object of a lane file) strictly. Steps
/// and frames are checked against the side the peer plays: a scripted till
/// cannot send a phone key, a scripted phone cannot advertise.
public enum PeerScriptDecoder {
    static func decode(_ object: JSONObjectReader, side: LaneSide) throws(JSONFileError) -> PeerScript {
        let seed = try object.optionalInteger("seed", in: UInt64(0)...UInt64.max) ?? 2
        var timing = LinkTiming()
        if let t = try object.optionalObject("timing") {
            timing.flight = try t.optionalSeconds("flight", in: 0.000_001...60) ?? timing.flight
            timing.connect = try t.optionalSeconds("connect", in: 0.000_001...60) ?? timing.connect
            timing.retire = try t.optionalSeconds("retire", in: 0.000_001...60) ?? timing.retire
            timing.supervision = try t.optionalSeconds("supervision", in: 0.1...32) ?? timing.supervision
            timing.advertisingInterval = try t.optionalSeconds("advertisingInterval", in: 0.02...10) ?? timing.advertisingInterval
            try t.finish()
        }
        var transactionID: TransactionID?
        if side == .host, let id = try object.optionalInteger("transactionID", in: UInt64(0)...UInt64(1) << 53) {
            transactionID = TransactionID(id)
        }
        var steps: [PeerStep] = []
        for step in try object.objects("steps") { steps.append(try decodeStep(step, side: side)) }
        let ends: PeerEnding = switch side {
        case .host: .host(try object.choice("ends", LaneDecoder.names(HostEnding.allCases)))
        case .phone: .phone(try object.choice("ends", LaneDecoder.names(PhoneEnding.allCases)))
        }
        try object.finish()
        return PeerScript(side: side, seed: seed, timing: timing, transactionID: transactionID, steps: steps, ends: ends)
    }

    private typealias Read = () throws(JSONFileError) -> PeerStep

    private static func decodeStep(_ object: JSONObjectReader, side: LaneSide) throws(JSONFileError) -> PeerStep {
        let common: [(name: String, value: Read)] = [
            ("send", { () throws(JSONFileError) in try send(object, side: side) }),
            ("expect", { () throws(JSONFileError) in try expect(object, side: side) }),
            ("wait", { () throws(JSONFileError) in .wait(try object.seconds("seconds", in: 0...86_400)) }),
            ("drop link", { .dropLink }),
            ("bluetooth", { () throws(JSONFileError) in .bluetooth(try RealActionDecoder.bluetoothState(object)) }),
        ]
        let own: [(name: String, value: Read)] = switch side {
        case .host: [("advertise", { .advertise }), ("stop advertising", { .stopAdvertising }), ("retire service", { .retireService })]
        case .phone: [("connect", { .connect }), ("unsubscribe", { .unsubscribe })]
        }
        let step = try object.choice("do", own + common)()
        try object.finish()
        return step
    }

    private static func send(_ object: JSONObjectReader, side: LaneSide) throws(JSONFileError) -> PeerStep {
        let decision: () throws(JSONFileError) -> Decision = { () throws(JSONFileError) in
            try object.choice("decision", [("confirm", Decision.confirm), ("decline", .decline)])
        }
        let outcome: () throws(JSONFileError) -> Outcome = { () throws(JSONFileError) in
            try object.choice("outcome", [("success", Outcome.success), ("failure", .failure)])
        }
        typealias ReadFrame = () throws(JSONFileError) -> PeerFrame
        let frames: [(name: String, value: ReadFrame)] = switch side {
        case .host: [
            ("amount", { .amount }),
            ("result", { () throws(JSONFileError) in .result(try outcome()) }),
            ("end", { .end }),
            ("busy", { .busy }),
        ]
        case .phone: [
            ("phone key", { .phoneKey }),
            ("decision", { () throws(JSONFileError) in .decision(try decision()) }),
        ]
        }
        let frame = try object.choice("frame", frames)()
        let tamper = try object.optionalChoice("tamper", Tamper.allCases.map { ($0.rawValue, $0) })
        if tamper != nil, !frame.isSealed {
            throw object.error("tamper", "expected only on a sealed frame (amount, decision, result, end)")
        }
        return .send(frame, tamper: tamper)
    }

    private static func expect(_ object: JSONObjectReader, side: LaneSide) throws(JSONFileError) -> PeerStep {
        typealias ReadExpectation = () throws(JSONFileError) -> PeerExpectation
        let decision: ReadExpectation = { () throws(JSONFileError) in
            .frame(.decision, check: try object.optionalChoice("decision", [("confirm", Decision.confirm), ("decline", .decline)]).map { .decision($0) })
        }
        let result: ReadExpectation = { () throws(JSONFileError) in
            .frame(.result, check: try object.optionalChoice("outcome", [("success", Outcome.success), ("failure", .failure)]).map { .outcome($0) })
        }
        let things: [(name: String, value: ReadExpectation)] = switch side {
        case .host: [
            ("phone key", { .frame(.phoneKey, check: nil) }),
            ("decision", decision),
            ("subscribed", { .subscribed }),
            ("link lost", { .linkLost }),
        ]
        case .phone: [
            ("amount", { .frame(.amount, check: nil) }),
            ("result", result),
            ("end", { .frame(.end, check: nil) }),
            ("busy", { .frame(.busy, check: nil) }),
            ("acknowledged", { .acknowledged }),
            ("link lost", { .linkLost }),
        ]
        }
        let expectation = try object.choice("what", things)()
        return .expect(expectation, within: try object.optionalSeconds("within", in: 0.000_001...86_400))
    }
}
