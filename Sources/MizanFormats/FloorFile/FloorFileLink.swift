import MizanSim
import MizanRadio
extension FloorFile {
    /// The link layer of a floor file: `radio.link` ("faithful", the default,
    /// or "simple"; an ideal radio defaults to simple), the phone platforms'
    /// mix under `phones.platforms` and the till's under `radio.till`, each
    /// profile starting from its named default and overriding what it names.
    static func readLink(root: JSONObjectReader, phones: JSONObjectReader?, radio: JSONObjectReader?, into plan: inout FloorPlan) throws(JSONFileError) {
        var profiles = LinkProfiles.standard
        if let entries = try phones?.optionalObjects("platforms") {
            guard !entries.isEmpty, let phones else { throw root.error("phones", "expected at least one platform in \"platforms\"") }
            profiles.phones = try entries.map { entry throws(JSONFileError) in try readPlatform(entry) }
            let total = profiles.phones.reduce(0) { $0 + $1.share }
            guard abs(total - 1) < 1e-6 else {
                throw phones.error("platforms", "expected the platforms' shares to add up to 1, got \(total)")
            }
        }
        if let till = try radio?.optionalObject("till") {
            profiles.till = try readTillProfile(till)
            try till.finish()
        }
        let ideal = try radio?.optionalBool("ideal") == true
        let link = try radio?.optionalChoice("link", [("faithful", true), ("simple", false)]) ?? !ideal
        plan.linkLayer = link ? .faithful(profiles) : .simple
    }

    private static func readPlatform(_ entry: JSONObjectReader) throws(JSONFileError) -> PlatformShare {
        let names = PhoneProfile.all.map { (name: $0.name, value: $0) }
        var profile = try entry.choice("name", names)
        let share = try entry.required(entry.optionalNumber("share", in: 0...1), "share", "the platform's share of the payers, 0 to 1")
        if let range = try entry.optionalRange("connectionIntervalMs", in: 7.5...4_000) {
            profile.connectionInterval = .milliseconds(range.lowerBound) ... .milliseconds(range.upperBound)
        }
        if let v = try entry.optionalNumber("supervisionTimeoutMs", in: 100...32_000) { profile.supervisionTimeout = .milliseconds(v) }
        if let v = try entry.optionalInteger("mtu", in: 23...517) { profile.mtu = v }
        // How the phone scans on the signal model (docs/signal-model.md): Android's three modes, or iOS's.
        let modes: [(name: String, value: ScanProfile)] = [("low-latency", .androidLowLatency), ("balanced", .androidBalanced),
                                                           ("low-power", .androidLowPower), ("ios-foreground", .iosForeground)]
        if let scan = try entry.optionalChoice("scanMode", modes) { profile.scan = scan }
        try entry.finish()
        return PlatformShare(profile: profile, share: share)
    }

    private static func readTillProfile(_ till: JSONObjectReader) throws(JSONFileError) -> TillProfile {
        var profile = TillProfile.ipad
        if let v = try till.optionalInteger("mtu", in: 23...517) { profile.mtu = v }
        if let v = try till.optionalInteger("maxLinks", in: 1...64) { profile.maxLinks = v }
        if let v = try till.optionalNumber("responseMedianMs", in: 0...10_000) { profile.responseTime.median = .milliseconds(v) }
        if let v = try till.optionalNumber("responseSigma", in: 0...4) { profile.responseTime.sigma = v }
        return profile
    }
}
