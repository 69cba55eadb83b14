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
    // Scanning parameters (scan window and interval per mode) join here with
    // the signal-fidelity work; today every phone scans continuously.

    public init(name: String, connectionInterval: ClosedRange<Duration>, supervisionTimeout: Duration, mtu: Int) {
        self.name = name
        self.connectionInterval = connectionInterval
        self.supervisionTimeout = supervisionTimeout
        self.mtu = mtu
    }

    /// iOS as central: interval 30 ms (24 x 1.25 ms), latency 0, supervision
    /// timeout 720 ms, from a single iOS 16.7 log (`conn_itvl=24 ...
    /// supervision_timeout=72`, flutter_blue_plus issue 615); MTU 185, what
    /// iOS typically offers (Core Spec Vol 3 Part F; Apple devices 185 or more).
    public static let ios = PhoneProfile(
        name: "ios", connectionInterval: .milliseconds(30) ... .milliseconds(30),
        supervisionTimeout: .milliseconds(720), mtu: 185
    )

    /// Android as central with CONNECTION_PRIORITY_BALANCED: interval 30-50 ms
    /// (drawn), supervision timeout 5 s (Android 8 and later; Nordic
    /// Kotlin-BLE-Library documentation, AOSP). MTU 517: what an app asks for
    /// with `requestMtu(517)`, the largest ATT allows (Core Spec Vol 3 Part F 3.2.9).
    public static let android = PhoneProfile(
        name: "android", connectionInterval: .milliseconds(30) ... .milliseconds(50),
        supervisionTimeout: .seconds(5), mtu: 517
    )

    public static let all: [PhoneProfile] = [.ios, .android]

    public static func named(_ name: String) -> PhoneProfile? {
        all.first { $0.name == name }
    }
}
