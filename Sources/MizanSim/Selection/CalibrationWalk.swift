import MizanGeometry
import MizanSelection
import MizanProtocol
import MizanRadio
import MizanTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A floor's calibration walk, simulated: what a shop would record once,
/// walking a phone over where its payers stand, for `mizan calibrate` and the
/// `fingerprint` strategy. The walker goes back and forth along lines
/// `lineSpacing` apart across the band where payers stand (each till's
/// position plus the payers' `standX` by `standY`, all tills' bands joined in
/// one rectangle), at `speed`, holding the phone at the radio's `phoneHeight`.
/// The tills advertise on each channel every interval plus up to
/// `advertisingDelayMax`, and the walking phone's offset is drawn from the
/// payers' `phoneOffsetSigma`; on the first radio less the payers'
/// `bodyLoss`, on the signal model through a body of the payers' swing
/// (`BodyModel`, drawn by the walk's seed), the phone in hand, the walker
/// facing the way they walk.
///
/// - On the signal model (`"advertising": "signal"`) the walker hears the
///   tills in the run's own room (`samples(_:room:)` with the run's
///   `SignalModel`, `Floor.room`): the same till offsets and shadowing field
///   as the run's payers, the fades a walking phone gets (drawn afresh every
///   `fadingLength` walked) and the per-packet noise, both hashed for a phone
///   of its own (numbered `-1 - seed`, below every payer's), through a
///   scanner of its own (`scan`, from a phase of its own): it hears a packet
///   only on the channel it listens on then, and reports it as that profile
///   does. The same room for every walk of a run is what a shop walking its
///   floor once would record.
/// - On the first radio (`"advertising": "simple"`, no room) it hears them
///   through the same model with every packet drawn afresh, as the floor draws it: the till's `rssiOffset`,
///   per-link shadowing, per-packet spread and fading, on every channel, and
///   the walk is the same for every run of the floor.
///
/// Collisions and bystanders are not modelled. Every draw of the walk's own
/// (its timing, its phone's offset, its scanner) is seeded by `seed` alone,
/// not the run's seed.
public struct CalibrationWalk: Hashable, Sendable {
    public var seed: UInt64 = 1
    /// m/s: a slow survey walk (half of comfortable walking, 1.3 m/s, Bohannon
    /// 1997), so each spot gets packets from every till: a choice of the
    /// survey, not a radio parameter.
    public var speed: Double = 0.65
    /// Metres between the walk's lines (across the payers' band).
    public var lineSpacing: Double = 0.35
    /// How the walking phone scans on the signal model: Android's low-latency
    /// mode (listening all the time, `ScanProfile`), what a survey app asks
    /// for: a choice of the survey, not a radio parameter.
    public var scan: ScanProfile = .androidLowLatency

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
    /// till's in the order heard: in `room` (the run's `SignalModel`) on the
    /// signal model; on the first radio, every packet drawn afresh from the
    /// same model (`SignalModel.Fresh.packetRSSI`). Each till draws from its own stream.
    public func samples(_ plan: FloorPlan, room: SignalModel?) -> [SurveySample] {
        guard let room else { return simpleSamples(plan) }
        let radio = plan.radio
        var scanner = Scanner(profile: scan, generator: SeededGenerator(seed: seed).split("scanner"))
        // Below every payer's index (payers count from 0) whatever the seed.
        let phone = seed < 1 << 63 ? -1 - Int(seed) : Int(truncatingIfNeeded: seed)
        let spacing = radio.packetSpacing / .seconds(1)
        let fadingLength = Swift.max(radio.fadingLength, 1e-3)
        var heard: [SurveySample] = []
        // The walker holds the phone in hand, facing the way they walk: a body of the payers' swing, drawn by the walk's seed.
        var bodyStream = SeededGenerator(seed: seed).split("body")
        let payers = plan.payerBehaviour.body
        let body = BodyModel(swingMean: payers.swingMean, swingSD: payers.swingSD).draw(using: &bodyStream).gain
        let path = lines(plan)
        walk(plan, linkShadowing: nil) { index, till, offset, event, now, here, _ in
            let stand = UInt64(Swift.min(Swift.max(0, now) * speed / fadingLength, 1e6)) + 1
            var offset = offset
            if !body.isNone {
                let (x, y) = position(at: now + 0.01, on: path)
                let heading = atan2(y - here.y, x - here.x)
                offset += body.gain(heading: heading, bearing: DirectionGain.bearing(fromX: here.x, y: here.y, toX: till.position.x, toY: till.position.y))
            }
            var held: HeldSignal?
            for channel in 0..<radio.advertisingChannels {
                let time = now + Double(channel) * spacing
                guard scanner.listeningChannel(at: time) == channel else { continue }
                let signal = held ?? room.held(till: index, tillPosition: till.position, phone: phone, at: here,
                                               basis: room.shadowingBasis(at: here), stand: stand, fixedOffset: offset)
                held = signal
                let rssi = signal.packet(on: channel, noise: room.noise(till: index, event: event, phone: phone, channel: channel))
                guard rssi >= radio.sensitivity, scanner.reports(source: index, at: time) else { continue }
                heard.append(SurveySample(position: here, till: till.id, rssi: SignalModel.reported(rssi)))
            }
        }
        return heard
    }

    /// `samples` on the first radio: every packet drawn afresh, on every channel.
    private func simpleSamples(_ plan: FloorPlan) -> [SurveySample] {
        let radio = plan.radio
        let model = SignalModel.firstRadio(radio)
        let shadowing: ((inout SeededGenerator) -> Double)? = radio.linkShadowingSigma > 0
            ? { $0.normal(mean: 0, sd: radio.linkShadowingSigma) } : nil
        var heard: [SurveySample] = []
        walk(plan, linkShadowing: shadowing) { _, till, offset, _, _, here, packets in
            let distance = here.distance(to: till.position)
            // Out of reach (mean 6 spreads and 10 dB of fading below the
            // sensitivity): no packet could be heard, so none is drawn.
            let reach = model.meanRSSI(distance: distance) + offset + 6 * radio.packetSigma + 10
            for _ in 0..<(reach < radio.sensitivity ? 0 : radio.advertisingChannels) {
                let rssi = model.packetRSSI(distance: distance, fixedOffset: offset, generator: &packets)
                guard rssi >= radio.sensitivity else { continue }
                heard.append(SurveySample(position: here, till: till.id, rssi: SignalModel.reported(rssi)))
            }
        }
        return heard
    }

    /// The walk itself, the same on both radios: till by till (ascending
    /// index), each of the till's advertising events while the walk lasts,
    /// with the fixed offset of the till and the walking phone (plus a
    /// per-link shadowing draw, on the first radio; less the walls between them), the event's number, its
    /// time, where the walker is then, and the till's own stream (its timing,
    /// and on the first radio its packets).
    private func walk(_ plan: FloorPlan, linkShadowing: ((inout SeededGenerator) -> Double)?,
                      _ event: (_ index: Int, _ till: TillPlan, _ offset: Double, _ event: Int, _ time: Double,
                                _ here: Position, _ packets: inout SeededGenerator) -> Void) {
        let radio = plan.radio
        let root = SeededGenerator(seed: seed)
        var draws = root.split("offsets")
        let phoneOffset = plan.payerBehaviour.phoneOffsetSigma > 0 ? draws.normal(mean: 0, sd: plan.payerBehaviour.phoneOffsetSigma) : 0
        let interval = radio.advertisingInterval / .seconds(1)
        let delayMax = radio.advertisingDelayMax / .seconds(1)
        let end = duration(plan)
        let path = lines(plan)
        for (index, till) in plan.tills.enumerated() {
            var offset = till.rssiOffset + phoneOffset - plan.payerBehaviour.bodyLoss
            if let linkShadowing { offset = offset + linkShadowing(&draws) }
            var packets = root.split(UInt64(index))
            var now = packets.uniform(0...(interval + delayMax))
            var number = 0
            while now <= end {
                let (x, y) = position(at: now, on: path)
                let here = Position(x: x, y: y, z: radio.phoneHeight)
                // The walls between the walker and the till, as the floor's phones hear them through.
                event(index, till, plan.walls.isEmpty ? offset : offset - plan.walls.loss(from: here, to: till.position), number, now, here, &packets)
                number += 1
                now += interval + packets.uniform(0...delayMax)
            }
        }
    }
}
