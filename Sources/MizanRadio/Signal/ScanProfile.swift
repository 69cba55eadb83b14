import MizanTime
/// How a scanner listens and reports: it listens on one advertising channel at
/// a time for `window` seconds out of every `interval`, moving to the next
/// channel (37, 38, 39, 37, ...) each interval; of the packets it hears it
/// loses `reportLoss` (host, driver, coexistence), and it reports an
/// advertiser again no sooner than a hold-off drawn log-normally (median
/// `reportHoldMedian` s, log-sd `reportHoldSpread`), if it has one.
public struct ScanProfile: Hashable, Sendable {
    public let name: String
    public let window: Double
    public let interval: Double
    public let reportLoss: Double
    public let reportHoldMedian: Double?
    public let reportHoldSpread: Double

    public init(name: String, window: Double, interval: Double, reportLoss: Double = 0, reportHoldMedian: Double? = nil, reportHoldSpread: Double = 0) {
        precondition(interval > 0 && window > 0 && window <= interval, "a scan window is positive and at most the interval")
        precondition((0...1).contains(reportLoss), "a report loss is a probability")
        self.name = name
        self.window = window
        self.interval = interval
        self.reportLoss = reportLoss
        self.reportHoldMedian = reportHoldMedian
        self.reportHoldSpread = reportHoldSpread
    }

    /// Android `SCAN_MODE_LOW_LATENCY`: 100 ms window every 100 ms (AOSP `le_scan/ScanUtil.kt`).
    public static let androidLowLatency = ScanProfile(name: "android-low-latency", window: 0.100, interval: 0.100)
    /// Android `SCAN_MODE_BALANCED`: 183 ms window every 730 ms (AOSP `le_scan/ScanUtil.kt`).
    public static let androidBalanced = ScanProfile(name: "android-balanced", window: 0.183, interval: 0.730)
    /// Android `SCAN_MODE_LOW_POWER`: 140 ms window every 1,400 ms (AOSP `le_scan/ScanUtil.kt`).
    public static let androidLowPower = ScanProfile(name: "android-low-power", window: 0.140, interval: 1.400)
    /// iOS in the foreground with duplicates allowed: about 13.7 reports a
    /// second per advertiser, gaps 66 ms median and 316 ms p99 (MIT Lincoln Lab
    /// recordings; Apple `CBCentralManagerScanOptionAllowDuplicatesKey`). iOS
    /// publishes no scan window: modelled as listening all the time, changing
    /// channel every 40 ms (an assumption), with a per-advertiser hold-off of
    /// log-sd ln(316/66)/2.326 = 0.673 (the gaps' p99/median) and a median of
    /// 52 ms, which with a 20 ms advertiser (Apple's accessory interval) gives
    /// the measured 13.7 reports a second (`SignalModelTests`).
    public static let iosForeground = ScanProfile(name: "ios-foreground", window: 0.040, interval: 0.040,
                                                  reportHoldMedian: 0.052, reportHoldSpread: 0.673)

    /// The phone profiles by name, for messages and files.
    public static let phones: [ScanProfile] = [.iosForeground, .androidLowLatency, .androidBalanced, .androidLowPower]
}
