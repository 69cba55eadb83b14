import MizanTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One receiver scanning by a `ScanProfile`, from a phase drawn when it is
/// made: which channel it listens on when, and which of the packets arriving
/// at it it reports.
public struct Scanner: Sendable {
    public let profile: ScanProfile
    /// When its scan interval 0 began, seconds (uniform within one interval).
    public let phase: Double
    private var generator: SeededGenerator
    /// When each advertiser may next be reported (iOS hold-off), by source.
    private var heldUntil: [Int: Double] = [:]

    public init(profile: ScanProfile, generator: SeededGenerator) {
        self.profile = profile
        var generator = generator
        phase = generator.uniform(0...profile.interval)
        self.generator = generator
    }

    /// The channel (0, 1, 2 for 37, 38, 39) it listens on at `time`, or nil between windows.
    public func listeningChannel(at time: Double) -> Int? {
        let since = time - phase
        let index = (since / profile.interval).rounded(.down)
        guard since - index * profile.interval < profile.window else { return nil }
        let slot = index.truncatingRemainder(dividingBy: 3)
        return Int(slot < 0 ? slot + 3 : slot)
    }

    /// The packets it hears: those on the channel it listens on at their time.
    public func heard(_ arriving: [ReceivedPacket]) -> [ReceivedPacket] {
        arriving.filter { hears($0.packet) }
    }

    /// Whether `packet` is on the channel it listens on at the packet's time.
    public func hears(_ packet: AdvertisingPacket) -> Bool {
        listeningChannel(at: packet.time) == packet.channel
    }

    /// Of packets heard and decoded (in time order), the ones it reports:
    /// each lost with `reportLoss`, and an advertiser reported again only
    /// after its hold-off.
    public mutating func reports(_ decoded: [ReceivedPacket]) -> [ReceivedPacket] {
        var out: [ReceivedPacket] = []
        for packet in decoded where reports(source: packet.packet.source, at: packet.packet.time) {
            out.append(packet)
        }
        return out
    }

    /// Whether it reports one packet from `source` heard and decoded at `time`
    /// (asked in time order): `reports(_:)` for one packet.
    public mutating func reports(source: Int, at time: Double) -> Bool {
        if profile.reportLoss > 0 && generator.unitInterval() < profile.reportLoss { return false }
        if let median = profile.reportHoldMedian {
            if let until = heldUntil[source], time < until { return false }
            heldUntil[source] = time + median * exp(profile.reportHoldSpread * generator.normal())
        }
        return true
    }
}
