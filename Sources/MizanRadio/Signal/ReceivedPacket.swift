import MizanTime
/// A packet as it arrives at one receiver: what was sent and how strongly it arrives there.
public struct ReceivedPacket: Hashable, Sendable {
    public let packet: AdvertisingPacket
    /// dBm at this receiver.
    public let rssi: Double

}

extension AdvertisingPacket {
    /// This packet as it arrives at a receiver `rssi` dBm strong.
    public func received(at rssi: Double) -> ReceivedPacket {
        ReceivedPacket(packet: self, rssi: rssi)
    }
}
