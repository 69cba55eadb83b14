import MizanTime
/// One advertising packet on the air (made by `AdvertisingSchedule` and
/// `BystanderTraffic`; its memberwise initialiser is the synthesised, internal one).
public struct AdvertisingPacket: Hashable, Sendable {
    /// Which advertiser sent it (a till, the phone, a bystander).
    public let source: Int
    /// Seconds.
    public let time: Double
    /// 0, 1, 2 for channels 37, 38, 39.
    public let channel: Int
}
