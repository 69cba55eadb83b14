import MizanTime
/// When an advertiser transmits: an event every `interval + advDelay`
/// (advDelay uniform 0 to `delayMax`), each event three packets one after
/// another on 37, 38 and 39, `packetSpacing` apart.
///
/// Sources: advInterval a multiple of 0.625 ms from 20 ms to 10.24 s, advDelay
/// pseudo-random 0-10 ms (Bluetooth Core Spec Vol 6 Part B 4.4.2.2). The Danis
/// beacon: events 454.9 ms apart on average (449-462 ms), i.e. a 450 ms
/// interval plus advDelay; two reports of one event at one receiver are 3.0 ms
/// apart (median of 170 pairs), the spacing between consecutive channels
/// (fits on the six Danis tracks; `docs/signal-model.md`).
public struct AdvertisingSchedule: Hashable, Sendable {
    /// advInterval, seconds.
    public let interval: Double
    /// advDelay's maximum, seconds (10 ms by the spec).
    public let delayMax: Double
    /// Seconds between an event's packets on consecutive channels.
    public let packetSpacing: Double

    public init(interval: Double, delayMax: Double = 0.010, packetSpacing: Double = 0.003) {
        precondition(interval > 0 && delayMax >= 0 && packetSpacing >= 0, "an advertising schedule needs a positive interval")
        self.interval = interval
        self.delayMax = delayMax
        self.packetSpacing = packetSpacing
    }

    /// The Danis beacon (fit above).
    public static let danisBeacon = AdvertisingSchedule(interval: 0.450)

    /// The advertising channels (37, 38, 39): an event sends a packet on each.
    public static let channels = 3

    /// The most packets the schedule sends over `tracks` spans of `seconds` in all: one on every
    /// channel every interval, and one event more for each span (its first comes within an interval of its start).
    public func mostPackets(tracks: Int, seconds: Double) -> Double {
        Double(Self.channels) * (seconds / interval + Double(tracks))
    }

    /// Every packet from `start` (the first event at `start` plus a uniform
    /// phase within one interval) until `end`, in time order.
    public func packets(source: Int, from start: Double, to end: Double, generator: inout SeededGenerator) -> [AdvertisingPacket] {
        var packets: [AdvertisingPacket] = []
        var event = start + generator.uniform(0...interval)
        while event < end {
            for channel in 0..<Self.channels {
                let time = event + Double(channel) * packetSpacing
                if time < end { packets.append(AdvertisingPacket(source: source, time: time, channel: channel)) }
            }
            event += interval + (delayMax > 0 ? generator.uniform(0...delayMax) : 0)
        }
        return packets
    }
}
