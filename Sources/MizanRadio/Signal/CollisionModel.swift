import MizanTime
/// Two packets that overlap in time on one channel at one receiver: the
/// stronger survives if it leads the other by at least the capture threshold,
/// and otherwise both are lost (a pure-ALOHA overlap, as in Ghamari et al.,
/// IEEE Access 6:46066, 2018).
///
/// Sources: capture at about 13-14 dB C/I co-channel (Microchip BLE RF
/// characteristics); air time of a full legacy advertising PDU, 47 bytes at
/// 1 Mb/s = 376 us (Core Spec Vol 6 Part B 2.1).
public struct CollisionModel: Hashable, Sendable {
    public let captureThreshold: Double
    public let airtime: Double

    public init(captureThreshold: Double = 13, airtime: Double = 0.000376) {
        self.captureThreshold = captureThreshold
        self.airtime = airtime
    }

    /// The packets that survive, in time order. `packets` must be in time order.
    public func survivors(_ packets: [ReceivedPacket]) -> [ReceivedPacket] {
        var lost = [Bool](repeating: false, count: packets.count)
        for i in packets.indices {
            var j = i + 1
            while j < packets.count, packets[j].packet.time - packets[i].packet.time < airtime {
                if packets[j].packet.channel == packets[i].packet.channel {
                    let lead = packets[i].rssi - packets[j].rssi
                    if lead < captureThreshold { lost[i] = true }
                    if -lead < captureThreshold { lost[j] = true }
                }
                j += 1
            }
        }
        return packets.indices.filter { !lost[$0] }.map { packets[$0] }
    }
}
