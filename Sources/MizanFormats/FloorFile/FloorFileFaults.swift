import MizanProtocol
import MizanSim
import MizanRadio

enum FloorFileFaults {
    /// One fault: `{"kind": ..., ...}`; devices by number from 1, as a person counts them.
    static func readFault(_ fault: JSONObjectReader, plan: FloorPlan) throws(JSONFileError) -> Fault {
        let kinds = ["drop-link", "drop-link-at-step", "bluetooth", "walk-away", "corrupt-frame"]
        let kind = try fault.choice("kind", kinds.map { ($0, $0) })
        func phone() throws(JSONFileError) -> Int? {
            try fault.optionalInteger("phone", in: 1...10_000_000).map { DeviceRef.phone(number: $0).index }
        }
        func seconds(_ key: String) throws(JSONFileError) -> Duration {
            let time = Duration.seconds(try fault.required(fault.optionalNumber(key, in: 0...10_000_000), key, "a number of seconds"))
            guard time <= plan.duration else {
                throw fault.error(key, "after the run's end (\(Figures.text(plan.duration / .seconds(1), digits: 3)) s): the fault would never happen; move it into the run or lengthen the run")
            }
            return time
        }
        let result: Fault
        switch kind {
        case "drop-link":
            result = .dropLink(phone: try phone(), at: try seconds("atSeconds"))
        case "drop-link-at-step":
            let step = try fault.choice("step", LinkDropPoint.allCases.map { ($0.rawValue, $0) })
            result = .dropLinkAtStep(step, phone: try phone(), after: .milliseconds(try fault.optionalNumber("afterMs", in: 0...60_000) ?? 0))
        case "bluetooth":
            let state = try fault.choice("state", [("off", RadioAvailability.off), ("on", .on), ("not-allowed", .notAllowed)])
            let till = try fault.optionalInteger("till", in: 1...plan.tills.count)
            let phoneIndex = try phone()
            let device: DeviceRef
            switch (till, phoneIndex) {
            case let (till?, nil): device = .till(number: till)
            case let (nil, phone?): device = .phone(phone)
            case (nil, nil), (.some, .some): throw fault.error("till", "expected exactly one of 'till' and 'phone'")
            }
            result = .bluetooth(device, state, at: try seconds("atSeconds"))
        case "walk-away":
            let phoneIndex = try fault.required(try phone(), "phone", "a phone number from 1")
            let dx = try fault.optionalNumber("dx", in: -1...1) ?? 0
            let dy = try fault.optionalNumber("dy", in: -1...1) ?? 1
            guard dx != 0 || dy != 0 else {
                throw fault.error("dy", "dx and dy are both 0: a walk away needs a direction; give dx or dy other than 0 (the default is dy 1, away from the tills)")
            }
            // A direction of almost no length has no direction to speak of (and walked slower than its speed).
            guard Swift.max(abs(dx), abs(dy)) >= 1e-6 else {
                throw fault.error("dy", "dx and dy are both under 0.000001 in size (\(dx), \(dy)): a walk away needs a direction; give dx or dy of at least 0.000001")
            }
            result = .walkAway(phone: phoneIndex, at: try seconds("atSeconds"),
                               speed: try fault.optionalNumber("speed", in: 0.01...20) ?? 1.4, dx: dx, dy: dy)
        default:
            let frame = try fault.choice("frame", FrameType.allCases.map { ($0.name.replacingSpaces(), $0) })
            result = .corruptFrame(frame, phone: try phone())
        }
        try fault.finish()
        return result
    }
}

extension String {
    func replacingSpaces() -> String { String(map { $0 == " " ? "-" : $0 }) }
}
