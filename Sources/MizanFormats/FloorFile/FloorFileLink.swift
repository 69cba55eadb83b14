import MizanSim
import MizanRadio
enum FloorFileLink {
    /// The link layer of a floor file: `radio.link` ("faithful", the default,
    /// or "simple"; an ideal radio defaults to simple), the phone platforms'
    /// mix under `phones.platforms` and the till's under `radio.till`, each
    /// profile starting from its named default and overriding what it names.
    /// The profiles are the faithful layer's: on the simple one they are refused,
    /// as the simple layer's radio timings (`connectLatencyMs`, `connectionIntervalMs`,
    /// `supervisionTimeoutMs`, which must exceed twice the interval) are on the faithful one;
    /// and a platform's scan mode is the signal model's, refused on the simple
    /// advertising model.
    static func readLink(root: JSONObjectReader, phones: JSONObjectReader?, radio: JSONObjectReader?, into plan: inout FloorPlan) throws(JSONFileError) {
        var profiles = LinkProfiles.standard
        let ideal = try radio?.optionalBool("ideal") == true
        let link = try radio?.optionalChoice("link", [("faithful", true), ("simple", false)]) ?? !ideal
        if link, let radio {
            // The simple link layer's fixed timings: the faithful one sets a connection up by answering an
            // advertising packet, with each phone platform's interval and supervision timeout.
            for key in ["connectLatencyMs", "connectionIntervalMs", "supervisionTimeoutMs"] where radio.has(key) {
                throw radio.error(key, "belongs to the simple link layer, and this radio uses the faithful one, which sets a connection up by answering an advertising packet with each phone platform's connection interval and supervision timeout (phones.platforms); set them there, or add \"link\": \"simple\" (docs/link-layer.md)")
            }
        }
        if !link, let radio {
            // Core Spec Vol 6 Part B 4.5.2: the supervision timeout exceeds (1 + peripheral latency) x interval x 2; the latency here is 0.
            let p = plan.radio
            guard p.supervisionTimeout > p.connectionInterval * 2 else {
                throw radio.error("supervisionTimeoutMs", "expected more than twice the connection interval (\(p.connectionInterval.milliseconds) ms), as the Bluetooth Core Spec requires (Vol 6 Part B 4.5.2): otherwise a link is lost between two connection events, got \(p.supervisionTimeout.milliseconds) ms")
            }
        }
        if !link {
            let why = ideal && radio?.has("link") != true ? "the ideal radio's simple link layer" : "the simple link layer"
            if let phones, phones.has("platforms") {
                throw phones.error("platforms", "phone platforms are the faithful link layer's, and this radio uses \(why), which has none; add \"link\": \"faithful\" to the radio section to use them (docs/link-layer.md)")
            }
            if let radio, radio.has("till") {
                throw radio.error("till", "the till's profile is the faithful link layer's, and this radio uses \(why), which has none; add \"link\": \"faithful\" to use it (docs/link-layer.md)")
            }
        }
        if let entries = try phones?.optionalObjects("platforms") {
            guard !entries.isEmpty, let phones else { throw root.error("phones", "expected at least one platform in \"platforms\"") }
            profiles.phones = try entries.map { entry throws(JSONFileError) in try readPlatform(entry, advertising: plan.radio.advertising) }
            let total = profiles.phones.reduce(0) { $0 + $1.share }
            guard abs(total - 1) < 1e-6 else {
                throw phones.error("platforms", "expected the platforms' shares to add up to 1, got \(total)")
            }
        }
        if let till = try radio?.optionalObject("till") {
            profiles.till = try readTillProfile(till)
            try till.finish()
        }
        plan.linkLayer = link ? .faithful(profiles) : .simple
    }

    private static func readPlatform(_ entry: JSONObjectReader, advertising: AdvertisingModel) throws(JSONFileError) -> PlatformShare {
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
        for key in ["scanMode", "scanIntervalMs", "scanWindowMs"] where entry.has(key) && advertising != .signal {
            throw entry.error(key, "how a phone scans is the signal advertising model's, and this radio uses the \(advertising.rawValue) one, where every phone hears every packet; add \"advertising\": \"signal\" to the radio section to use it (docs/signal-model.md)")
        }
        if let scan = try entry.optionalChoice("scanMode", modes) { profile.scan = scan }
        if entry.has("scanIntervalMs") || entry.has("scanWindowMs") { profile.scan = try readScan(entry, from: profile.scan) }
        // Core Spec Vol 6 Part B 4.5.2, as for the radio's own timeout: more than twice the longest interval the platform accepts.
        guard profile.supervisionTimeout > profile.connectionInterval.upperBound * 2 else {
            throw entry.error("supervisionTimeoutMs", "expected more than twice the platform's longest connection interval (\(profile.connectionInterval.upperBound.milliseconds) ms), as the Bluetooth Core Spec requires (Vol 6 Part B 4.5.2): otherwise a link is lost between two connection events, got \(profile.supervisionTimeout.milliseconds) ms")
        }
        try entry.finish()
        return PlatformShare(profile: profile, share: share)
    }

    /// A platform's scan by number: `scanIntervalMs` and `scanWindowMs`, each
    /// from 2.5 ms to 10.24 s in steps of 0.625 ms (Core 5.3 Vol 4 Part E
    /// 7.8.10, LE_Scan_Interval and LE_Scan_Window), the window at most the
    /// interval; one given alone keeps the other from `scan` (the named mode,
    /// or the platform's own), and the window then may not pass the interval.
    static func readScan(_ entry: JSONObjectReader, from scan: ScanProfile) throws(JSONFileError) -> ScanProfile {
        let bounds = 2.5...10_240.0, step = 0.625
        func milliseconds(_ key: String) throws(JSONFileError) -> Double? {
            guard let value = try entry.optionalNumber(key, in: bounds) else { return nil }
            let steps = value / step
            guard abs(steps - steps.rounded()) < 1e-9 else {
                throw entry.error(key, "expected a multiple of 0.625 ms, as a BLE controller takes it (Core 5.3 Vol 4 Part E 7.8.10), got \(Figures.text(value, digits: 6)): the nearest are \(Figures.text(steps.rounded(.down) * step, digits: 4)) and \(Figures.text(steps.rounded(.up) * step, digits: 4))")
            }
            return value
        }
        let interval = try milliseconds("scanIntervalMs") ?? scan.interval * 1000
        let givenWindow = try milliseconds("scanWindowMs")
        let window = givenWindow ?? scan.window * 1000
        guard window <= interval else {
            let whose = givenWindow == nil ? " (the window of \(scan.name), as no scanWindowMs is given)" : ""
            throw entry.error(givenWindow == nil ? "scanIntervalMs" : "scanWindowMs", "expected a window of at most the scan interval (\(Figures.text(interval, digits: 4)) ms): a scanner listens for the window once every interval, got \(Figures.text(window, digits: 4)) ms\(whose)")
        }
        return ScanProfile(name: "\(Figures.text(window, digits: 4))/\(Figures.text(interval, digits: 4)) ms", window: window / 1000, interval: interval / 1000,
                           reportLoss: scan.reportLoss, reportHoldMedian: scan.reportHoldMedian, reportHoldSpread: scan.reportHoldSpread)
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
