import MizanSim
import MizanRadio

enum FloorFileBody {
    /// The payers' bodies (after the radio, which says which model takes
    /// them): on the signal model `phones.carriage` and `phones.bodySwing`
    /// (`BodyModel`), and `phones.bodyLoss` refused by name; on the simple
    /// radio `phones.bodyLoss` alone.
    static func readBody(_ phones: JSONObjectReader, into plan: inout FloorPlan) throws(JSONFileError) {
        guard plan.radio.advertising == .signal else {
            for key in ["carriage", "bodySwing"] where phones.has(key) {
                throw phones.error(key, "belongs to the signal model's direction (\"advertising\": \"signal\"); the simple radio takes one loss for every packet, phones.bodyLoss (docs/floor-files.md)")
            }
            return
        }
        if phones.has("bodyLoss") {
            throw phones.error("bodyLoss", "is the simple radio's loss on every packet; on the signal model a body's loss depends on which way it faces: give phones.carriage (\"hand\", \"pocket\", \"backpack\", or their shares) and phones.bodySwing (the front-to-back swing, dB: a number, or {\"mean\": 9.8, \"sd\": 5.1}, the default) instead (docs/floor-files.md)")
        }
        var body = BodyModel.handHeld
        switch phones.value("carriage") {
        case nil: break
        case .string?:
            let carriage = try phones.choice("carriage", Carriage.allCases.map { ($0.rawValue, $0) })
            body.hand = carriage == .hand ? 1 : 0
            body.pocket = carriage == .pocket ? 1 : 0
            body.backpack = carriage == .backpack ? 1 : 0
        case .object?:
            let shares = try phones.object("carriage")
            body.hand = try shares.optionalNumber("hand", in: 0...1) ?? 0
            body.pocket = try shares.optionalNumber("pocket", in: 0...1) ?? 0
            body.backpack = try shares.optionalNumber("backpack", in: 0...1) ?? 0
            try shares.finish()
            guard abs(body.hand + body.pocket + body.backpack - 1) < 1e-9 else {
                throw phones.error("carriage", "expected shares of payers that add up to 1, got \(Figures.text(body.hand + body.pocket + body.backpack, digits: 6))")
            }
        case let other?:
            throw phones.error("carriage", "expected \"hand\", \"pocket\", \"backpack\" or an object of their shares, got \(other.brief)")
        }
        switch phones.value("bodySwing") {
        case nil: break
        case .number?:
            body.swingMean = try phones.optionalNumber("bodySwing", in: 0...40) ?? body.swingMean
            body.swingSD = 0
        case .object?:
            let swing = try phones.object("bodySwing")
            body.swingMean = try swing.optionalNumber("mean", in: 0...40) ?? body.swingMean
            body.swingSD = try swing.optionalNumber("sd", in: 0...20) ?? body.swingSD
            try swing.finish()
        case let other?:
            throw phones.error("bodySwing", "expected a number of dB or {\"mean\": dB, \"sd\": dB}, got \(other.brief)")
        }
        plan.payerBehaviour.body = body
    }
}
