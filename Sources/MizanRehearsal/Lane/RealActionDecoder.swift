import MizanProtocol
import MizanFormats

/// Reads one action of the real side: `do`, its operands, and `at` or `on` (+ `after`).
enum RealActionDecoder {
    static func decode(_ object: JSONObjectReader, real: LaneSide, amount: Amount) throws(JSONFileError) -> RealAction {
        typealias Read = () throws(JSONFileError) -> RealAction.Kind
        let bluetooth: Read = { () throws(JSONFileError) in .bluetooth(try bluetoothState(object)) }
        let verbs: [(name: String, value: Read)] = switch real {
        case .host: [
            ("lock", { .host(.entry(.lock(amount))) }),
            ("cancel", { .host(.operatorCancels) }),
            ("pick", { () throws(JSONFileError) in
                .host(.payment(.operatorPicks(try object.choice("outcome", [("success", Outcome.success), ("failure", .failure)]))))
            }),
            ("broadcast again", { .host(.entry(.broadcastAgain)) }),
            ("new sale", { .host(.entry(.newSale)) }),
            ("bluetooth", bluetooth),
        ]
        case .phone: [
            ("start", { .phone(.find(.tapStart)) }),
            ("confirm", { .phone(.review(.payerConfirms)) }),
            ("decline", { .phone(.review(.payerDeclines)) }),
            ("cancel", { .phone(.payerCancels) }),
            ("dismiss", { .phone(.find(.dismiss)) }),
            ("bluetooth", bluetooth),
        ]
        }
        let kind = try object.choice("do", verbs)()
        let trigger: RealAction.Trigger
        switch (object.has("at"), object.has("on")) {
        case (true, false):
            trigger = .at(try object.seconds("at", in: 0...86_400))
        case (false, true):
            let screens: [String] = switch real {
            case .host: HostScreen.allCases.map(\.rawValue)
            case .phone: PhoneScreen.allCases.map(\.rawValue)
            }
            let screen = try object.choice("on", screens.map { ($0, $0) })
            trigger = .on(screen: screen, after: try object.optionalSeconds("after", in: 0...86_400) ?? .zero)
        case (true, true):
            throw object.error("on", "expected either \"at\" or \"on\", not both")
        case (false, false):
            throw object.error("at", "missing; expected \"at\" (seconds) or \"on\" (a screen)")
        }
        try object.finish()
        return RealAction(kind: kind, trigger: trigger)
    }

    static func bluetoothState(_ object: JSONObjectReader) throws(JSONFileError) -> RadioAvailability {
        try object.choice("state", [("on", RadioAvailability.on), ("off", .off), ("not allowed", .notAllowed)])
    }
}
