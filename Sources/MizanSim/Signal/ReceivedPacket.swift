/// A packet as it arrives at one receiver: what was sent and how strongly it arrives there.
public struct ReceivedPacket: Hashable, Sendable {
    public let packet: AdvertisingPacket
    /// dBm at this receiver.
    public let rssi: Double

    public init(packet: AdvertisingPacket, rssi: Double) {
        self.packet = packet
        self.rssi = rssi
    }
}
