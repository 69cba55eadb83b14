import MizanProtocol
import MizanFormats

/// Reads a lane file strictly: every field checked, unknown fields refused,
/// every error naming the file, the field and what was expected.
public enum LaneDecoder: JSONFileFormat {
    public static func read(_ json: JSONValue, file: String) throws(JSONFileError) -> Lane {
        let root = try JSONObjectReader(json, file: file)
        let name = Self.stem(of: file)
        let about = try root.string("about")
        let expect = try root.object("expect")
        let number = try expect.integer("ending", in: 1...Int.max)
        guard let ending = Ending(rawValue: number) else {
            throw expect.error("ending", "expected the number of an ending of the catalogue (1 to \(Ending.allCases.count)), got \(number)")
        }
        let host = try expect.choice("host", Self.names(HostEnding.allCases))
        let phone = try expect.choice("phone", Self.names(PhoneEnding.allCases))
        let charged = try expect.bool("charged")
        try expect.finish()

        let amountObject = try root.object("amount")
        let minorUnits = try amountObject.integer("minorUnits", in: Int64(1)...Int64(999_999_999_999))
        let currencyText = try amountObject.string("currency")
        let amount: Amount
        do throws(FrameError) { amount = try Amount(minorUnits: minorUnits, currency: try CurrencyCode(currencyText)) } catch {
            throw amountObject.error("currency", "expected three letters A-Z, got \"\(currencyText)\"")
        }
        try amountObject.finish()

        let tillObject = try root.object("till")
        let till = LaneTill(
            id: TillID(try tillObject.integer("id", in: UInt32(0)...UInt32.max)),
            label: try tillObject.string("label"),
            countdown: try tillObject.optionalSeconds("countdown", in: 0.001...3_600) ?? .seconds(60),
            cryptoLatency: try tillObject.optionalSeconds("cryptoLatency", in: 0...60) ?? .milliseconds(1)
        )
        do throws(FrameError) { try AmountDetails.validate(tillLabel: till.label) } catch {
            throw tillObject.error("label", "expected 1 to 32 bytes of UTF-8")
        }
        try tillObject.finish()

        let central = CentralID(try root.integer("central", in: UInt32(0)...UInt32.max))
        let real = try root.choice("real", LaneSide.allCases.map { ($0.rawValue, $0) })
        let seed = try root.optionalInteger("seed", in: UInt64(0)...UInt64.max) ?? 1
        let duration = try root.optionalSeconds("duration", in: 0.001...86_400) ?? .seconds(120)
        var actions: [RealAction] = []
        for object in try root.objects("actions") {
            actions.append(try RealActionDecoder.decode(object, real: real, amount: amount))
        }
        let peer = try PeerScriptDecoder.decode(try root.object("peer"), side: real.other)
        try root.finish()

        let lane = Lane(name: name, file: file, about: about, ending: ending, expectedHost: host, expectedPhone: phone,
                        expectedCharged: charged, amount: amount, till: till, central: central, real: real, seed: seed,
                        duration: duration, actions: actions, peer: peer)
        switch real {
        case .host where host == nil, .phone where phone == nil:
            throw expect.error(real.rawValue, "the real side must end: expected an ending, got \"none\"")
        case .host, .phone:
            return lane
        }
    }

    /// Each case by its Swift name (`payerLeft`), and `none` for "never took part".
    static func names<T>(_ cases: [T]) -> [(name: String, value: T?)] {
        [("none", nil)] + cases.map { (String(describing: $0), $0) }
    }

    static func stem(of path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        return last.hasSuffix(".json") ? String(last.dropLast(5)) : last
    }
}
