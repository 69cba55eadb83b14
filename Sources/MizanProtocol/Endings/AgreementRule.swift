/// The agreement rule, checked after every simulated transaction: both
/// endings must be a pair that the catalogue allows.
public enum AgreementRule {
    public enum Verdict: Hashable, Sendable {
        case agreed(Ending)
        case violated(EndingPair)
    }

    public static func check(_ pair: EndingPair) -> Verdict {
        if let ending = EndingsCatalogue.ending(for: pair) { return .agreed(ending) }
        return .violated(pair)
    }

    public static func check(host: HostEnding?, phone: PhoneEnding?) -> Verdict {
        check(EndingPair(host: host, phone: phone))
    }
}
