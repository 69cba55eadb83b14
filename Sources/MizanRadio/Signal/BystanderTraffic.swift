import MizanTime
/// Other advertisers on the floor (phones and wearables of people who are not
/// paying): advertising events arriving as a Poisson process at
/// `eventsPerSecond`, each three packets on 37, 38 and 39, arriving at a
/// receiver with RSSI drawn from N(`meanRSSI`, `rssiSpread`).
///
/// The check (SignalModelTests): Strzoda, Grochla, Polys (ACM MSWiM 2022)
/// measured 13-40 % fewer packets delivered per second with other devices
/// transmitting every 4-8 ms.
public struct BystanderTraffic: Hashable, Sendable {
    public let eventsPerSecond: Double
    public let meanRSSI: Double
    public let rssiSpread: Double
    public let packetSpacing: Double

    public init(eventsPerSecond: Double, meanRSSI: Double = -75, rssiSpread: Double = 6, packetSpacing: Double = 0.003) {
        self.eventsPerSecond = eventsPerSecond
        self.meanRSSI = meanRSSI
        self.rssiSpread = rssiSpread
        self.packetSpacing = packetSpacing
    }

    /// Bystanders' source ids are negative, so they never clash with a till or phone.
    public static let source = -1

    /// Every bystander packet from `start` to `end`, in time order.
    public func packets(from start: Double, to end: Double, generator: inout SeededGenerator) -> [ReceivedPacket] {
        guard eventsPerSecond > 0 else { return [] }
        var out: [ReceivedPacket] = []
        var time = start + generator.exponential(mean: 1 / eventsPerSecond)
        while time < end {
            for channel in 0..<3 {
                let packet = AdvertisingPacket(source: Self.source, time: time + Double(channel) * packetSpacing, channel: channel)
                out.append(ReceivedPacket(packet: packet, rssi: generator.normal(mean: meanRSSI, sd: rssiSpread)))
            }
            time += generator.exponential(mean: 1 / eventsPerSecond)
        }
        return out.sorted { $0.packet.time < $1.packet.time }
    }
}
