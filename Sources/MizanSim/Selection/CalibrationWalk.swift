import MizanGeometry
import MizanSelection
import MizanProtocol
import MizanRadio
import MizanTime

/// A floor's calibration walk, simulated: what a shop would record once,
/// walking a phone over where its payers stand, for `mizan calibrate` and the
/// `fingerprint` strategy. The walker goes back and forth along lines
/// `lineSpacing` apart across the band where payers stand (each till's
/// position plus the payers' `standX` by `standY`, all tills' bands joined in
/// one rectangle), at `speed`, holding the phone at the radio's `phoneHeight`.
/// The tills advertise and the walker hears them through the floor's own
/// `PathLossModel` as the floor draws it: the till's `rssiOffset`, the walking
/// phone's offset (drawn from the phones' `rssiOffsetSigma`) less `bodyLoss`,
/// per-link shadowing, per-packet spread and fading, advertising on each
/// channel every interval plus up to `advertisingDelayMax`, the sensitivity.
/// Collisions are not modelled. Seeded by `seed` alone, not the run's seed:
/// a shop calibrates once and every run of the floor uses the same walk.
public struct CalibrationWalk: Hashable, Sendable {
    public var seed: UInt64 = 1
    /// m/s: a slow survey walk (half of comfortable walking, 1.3 m/s, Bohannon
    /// 1997), so each spot gets packets from every till: a choice of the
    /// survey, not a radio parameter.
    public var speed: Double = 0.65
    /// Metres between the walk's lines (across the payers' band).
    public var lineSpacing: Double = 0.35

    /// Readings a simulated walk may draw (packets x tills), so that a floor
    /// file cannot ask for hours of simulation.
    public static let maximumDraws = 20_000_000

    public init() {}

    /// The walk's lines across the payers' band: y values, and the x range walked.
    func lines(_ plan: FloorPlan) -> (ys: [Double], xs: ClosedRange<Double>) {
        let stand = plan.payerBehaviour
        let lowX = (plan.tills.map(\.position.x).min() ?? 0) + stand.standX.lowerBound
        let highX = (plan.tills.map(\.position.x).max() ?? 0) + stand.standX.upperBound
        let lowY = (plan.tills.map(\.position.y).min() ?? 0) + stand.standY.lowerBound
        let highY = (plan.tills.map(\.position.y).max() ?? 0) + stand.standY.upperBound
        let count = Swift.max(2, Int(((highY - lowY) / lineSpacing).rounded(.up)) + 1)
        let ys = (0..<count).map { lowY + (highY - lowY) * Double($0) / Double(count - 1) }
        return (ys, lowX...Swift.max(lowX, highX))
    }

    /// Seconds the walk takes.
    func duration(_ plan: FloorPlan) -> Double {
        let (ys, xs) = lines(plan)
        let across = ys.count > 1 ? (ys[ys.count - 1] - ys[0]) : 0
        return (Double(ys.count) * (xs.upperBound - xs.lowerBound) + across) / speed
    }

    /// About how many packet draws the walk takes.
    public func draws(_ plan: FloorPlan) -> Double {
        let interval = (plan.radio.advertisingInterval + plan.radio.advertisingDelayMax / 2) / .seconds(1)
        return duration(plan) / Swift.max(interval, 1e-3) * Double(plan.radio.advertisingChannels) * Double(plan.tills.count)
    }

    /// Where the walker is `t` seconds in (clamped to the walk's end), on
    /// `lines` (evenly spaced): along line i, forward on even lines and back
    /// on odd ones, then across to the next.
    func position(at t: Double, on lines: (ys: [Double], xs: ClosedRange<Double>)) -> (x: Double, y: Double) {
        let (ys, xs) = lines
        guard let first = ys.first else { return (xs.lowerBound, 0) }
        let length = xs.upperBound - xs.lowerBound
        let gap = ys.count > 1 ? ys[1] - first : 0
        let period = length + gap
        let walked = Swift.max(0, t) * speed
        let index = period > 0 ? Swift.min(ys.count - 1, Int(walked / period)) : 0
        let within = walked - Double(index) * period
        let forward = index % 2 == 0
        if within <= length || index == ys.count - 1 {
            let along = Swift.min(within, length)
            return (forward ? xs.lowerBound + along : xs.upperBound - along, ys[index])
        }
        return (forward ? xs.upperBound : xs.lowerBound, ys[index] + (within - length))
    }

    /// Every packet the walker heard, till by till (ascending index), each
    /// till's in the order heard. Each till draws from its own stream.
    public func samples(_ plan: FloorPlan) -> [SurveySample] {
        let radio = plan.radio
        let model = PathLossModel(parameters: radio)
        let root = SeededGenerator(seed: seed)
        var draws = root.split("offsets")
        let phoneOffset = plan.payerBehaviour.phoneOffsetSigma > 0 ? draws.normal(mean: 0, sd: plan.payerBehaviour.phoneOffsetSigma) : 0
        let interval = radio.advertisingInterval / .seconds(1)
        let delayMax = radio.advertisingDelayMax / .seconds(1)
        let end = duration(plan)
        let z = radio.phoneHeight
        let path = lines(plan)
        var heard: [SurveySample] = []
        for (index, till) in plan.tills.enumerated() {
            let offset = till.rssiOffset + phoneOffset - plan.payerBehaviour.bodyLoss
                + (radio.linkShadowingSigma > 0 ? draws.normal(mean: 0, sd: radio.linkShadowingSigma) : 0)
            var packets = root.split(UInt64(index))
            var now = packets.uniform(0...(interval + delayMax))
            while now <= end {
                let (x, y) = position(at: now, on: path)
                let distance = Position(x: x, y: y, z: z).distance(to: till.position)
                // Out of reach (mean 6 spreads and 10 dB of fading below the
                // sensitivity): no packet could be heard, so none is drawn.
                let reach = model.meanRSSI(distance: distance) + offset + 6 * radio.packetSigma + 10
                for _ in 0..<(reach < radio.sensitivity ? 0 : radio.advertisingChannels) {
                    let rssi = model.packetRSSI(distance: distance, fixedOffset: offset, generator: &packets)
                    guard rssi >= radio.sensitivity else { continue }
                    heard.append(SurveySample(x: x, y: y, z: z, till: till.id, rssi: PathLossModel.reported(rssi)))
                }
                now += interval + packets.uniform(0...delayMax)
            }
        }
        return heard
    }
}
