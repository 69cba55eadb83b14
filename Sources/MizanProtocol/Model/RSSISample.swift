/// One advertising packet a phone heard: which till, how strong, and when
/// (virtual time since the start of the run).
public struct RSSISample: Hashable, Sendable {
    public let till: TillID
    /// dBm. 127 means "not available" (Core Bluetooth's value) and is never stored.
    public let rssi: Int
    public let at: Duration

    public init(till: TillID, rssi: Int, at: Duration) {
        self.till = till
        self.rssi = rssi
        self.at = at
    }

    public static let notAvailable = 127
}
