import MizanTime
/// A phone platform as a BLE central: the connection parameters it asks for
/// and the ATT MTU it offers. Every default carries its source (docs/link-layer.md).
public struct PhoneProfile: Hashable, Sendable {
    public var name: String
    /// The connection interval the central sets, drawn per connection,
    /// uniform over the multiples of 1.25 ms in this range (Core Spec Vol 6
    /// Part B 4.5.1: connInterval is a multiple of 1.25 ms).
    public var connectionInterval: ClosedRange<Duration>
    /// The supervision timeout the central sets.
    public var supervisionTimeout: Duration
    /// The ATT MTU the phone offers in the MTU exchange (23 until the exchange: Core Spec Vol 3 Part F 3.2.8).
    public var mtu: Int
    /// How the phone scans on the signal model's floor (`ScanProfile`, `docs/signal-model.md`).
    public var scan: ScanProfile

    public init(name: String, connectionInterval: ClosedRange<Duration>, supervisionTimeout: Duration, mtu: Int,
                scan: ScanProfile = .androidLowLatency) {
        self.name = name
        self.connectionInterval = connectionInterval
        self.supervisionTimeout = supervisionTimeout
        self.mtu = mtu
        self.scan = scan
    }

    /// iOS as central: interval 30 ms (24 x 1.25 ms), latency 0, supervision
    /// timeout 720 ms, from a single iOS 16.7 log (`conn_itvl=24 ...
    /// supervision_timeout=72`, flutter_blue_plus, GitHub issues, number 615); MTU 185, what
    /// iOS typically offers (Core Spec Vol 3 Part F; Apple devices 185 or more).
    /// Scanning: iOS in the foreground with duplicates allowed (`ScanProfile.iosForeground`:
    /// about 13.7 reports a second per advertiser, MIT LL).
    public static let ios = PhoneProfile(
        name: "ios", connectionInterval: .milliseconds(30) ... .milliseconds(30),
        supervisionTimeout: .milliseconds(720), mtu: 185, scan: .iosForeground
    )

    /// Android as central with CONNECTION_PRIORITY_BALANCED: interval 30-50 ms
    /// (drawn), supervision timeout 5 s (Android 8 and later; Nordic
    /// Kotlin-BLE-Library documentation, AOSP). MTU 517: what an app asks for
    /// with `requestMtu(517)`, the largest ATT allows (Core Spec Vol 3 Part F 3.2.9).
    /// Scanning: `SCAN_MODE_LOW_LATENCY` (100 / 100 ms, AOSP `le_scan/ScanUtil.kt`),
    /// the mode Android's `ScanSettings` documentation recommends for an app in
    /// the foreground, as a payment app is while the payer taps Start (the
    /// builder's own default, `SCAN_MODE_LOW_POWER`, 140 / 1,400 ms, would hear a
    /// till in a 1 s window only about two times in three). A floor file can pick
    /// `balanced` or `low-power` (`phones.platforms[].scanMode`).
    public static let android = PhoneProfile(
        name: "android", connectionInterval: .milliseconds(30) ... .milliseconds(50),
        supervisionTimeout: .seconds(5), mtu: 517, scan: .androidLowLatency
    )

    public static let all: [PhoneProfile] = [.ios, .android]

    public static func named(_ name: String) -> PhoneProfile? {
        all.first { $0.name == name }
    }
}
