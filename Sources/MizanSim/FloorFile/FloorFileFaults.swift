import MizanProtocol

extension FloorFile {
    /// One fault: `{"kind": ..., ...}`; devices by number from 1, as a person counts them.
    static func readFault(_ value: JSONValue, file: String, path: String, plan: FloorPlan) throws(FloorFileError) -> Fault {
        var fault = try JSONObjectReader(file: file, path: path, value)
        let kinds = ["drop-link", "drop-link-at-step", "bluetooth", "walk-away", "corrupt-frame"]
        let kind = try fault.required(fault.choice("kind", kinds.map { ($0, $0) }), "kind", kinds.joined(separator: ", "))
        func phone(_ fault: inout JSONObjectReader) throws(FloorFileError) -> Int? {
            try fault.integer("phone", in: 1...10_000_000).map { $0 - 1 }
        }
        func seconds(_ fault: inout JSONObjectReader, _ key: String) throws(FloorFileError) -> Duration {
            .seconds(try fault.required(fault.number(key, in: 0...10_000_000), key, "a number of seconds"))
        }
        let result: Fault
        switch kind {
        case "drop-link":
            result = .dropLink(phone: try phone(&fault), at: try seconds(&fault, "atSeconds"))
        case "drop-link-at-step":
            let step = try fault.required(fault.choice("step", LinkDropPoint.allCases.map { ($0.rawValue, $0) }), "step", "a protocol step")
            result = .dropLinkAtStep(step, phone: try phone(&fault), after: .milliseconds(try fault.number("afterMs", in: 0...60_000) ?? 0))
        case "bluetooth":
            let state = try fault.required(fault.choice("state", [("off", RadioAvailability.off), ("on", .on), ("not-allowed", .notAllowed)]),
                                           "state", "\"off\", \"on\" or \"not-allowed\"")
            let till = try fault.integer("till", in: 1...plan.tills.count)
            let phoneIndex = try phone(&fault)
            let device: DeviceRef
            switch (till, phoneIndex) {
            case let (till?, nil): device = .till(till - 1)
            case let (nil, phone?): device = .phone(phone)
            case (nil, nil), (.some, .some): throw fault.error("till", "expected exactly one of 'till' and 'phone'")
            }
            result = .bluetooth(device, state, at: try seconds(&fault, "atSeconds"))
        case "walk-away":
            let phoneIndex = try fault.required(try phone(&fault), "phone", "a phone number from 1")
            result = .walkAway(phone: phoneIndex, at: try seconds(&fault, "atSeconds"),
                               speed: try fault.number("speed", in: 0.01...20) ?? 1.4,
                               dx: try fault.number("dx", in: -1...1) ?? 0, dy: try fault.number("dy", in: -1...1) ?? 1)
        default:
            let frames: [(String, FrameType)] = FrameType.allCases.map { ($0.name.replacingSpaces(), $0) }
            let frame = try fault.required(fault.choice("frame", frames), "frame", "a frame type")
            result = .corruptFrame(frame, phone: try phone(&fault))
        }
        try fault.finish()
        return result
    }
}

extension String {
    func replacingSpaces() -> String { String(map { $0 == " " ? "-" : $0 }) }
}
