import Testing
import MizanGeometry
import MizanProtocol
import MizanRadio
import MizanRecordings
import MizanSelection
import MizanTime

/// Every consumer of the signal model, given one parameter set, reads one
/// mean RSSI from 1 m to 20 m: the first radio (`SignalModel.firstRadio`:
/// the simple floors, every floor's links, `rssi-experiment`), the floor's
/// held signals (its advertising and calibration walk), the twin's model
/// (`TwinRadio`'s parameters, with a till's own exponent), the calibration
/// (`TillCalibration`: `mizan calibrate`, the strategies' `RadioMap`) and the
/// calibration fit. One formula (`PathLoss`), one model (`SignalModel`).
@Suite struct SignalConsumersTests {
    static let reference = -61.3
    static let exponent = 1.87
    static let ownExponent = 2.3
    static let distances = stride(from: 1.0, through: 20.0, by: 0.25).map { $0 }

    static func expected(_ distance: Double) -> Double {
        PathLoss(referenceRSSI: reference, exponent: exponent).meanRSSI(distance: distance)
    }

    @Test func everyConsumerReadsOneMeanFromOneParameterSet() {
        var radio = RadioParameters()
        radio.referenceRSSI = Self.reference
        radio.pathLossExponent = Self.exponent
        let simple = SignalModel.firstRadio(radio)
        var floor = SignalModel(parameters: radio, generator: SeededGenerator(seed: 1))
        floor.addTill()
        let twinRadio = TwinRadio.from(referenceRSSI: Self.reference, pathLossExponent: Self.exponent, packetSigma: 5, offsets: [:])
        var twin = SignalModel(parameters: twinRadio.signal.radio, generator: SeededGenerator(seed: 1))
        twin.addTill()
        twin.addTill(exponent: Self.ownExponent)
        let calibration = TillCalibration(referenceRSSI: Self.reference, pathLossExponent: Self.exponent, packetSigma: 5, offsets: [],
                                          phoneHeight: 1.2)
        for distance in Self.distances {
            let want = Self.expected(distance)
            let got = [("first radio", simple.meanRSSI(distance: distance)), ("floor, held", floor.meanRSSI(till: 0, distance: distance)),
                       ("twin", twin.meanRSSI(till: 0, distance: distance)),
                       ("calibration", calibration.meanRSSI(till: TillID(1), distance: distance))]
            for (name, value) in got {
                #expect(abs(value - want) < 1e-12, "\(name) at \(distance) m: \(value), not \(want)")
            }
            let own = PathLoss(referenceRSSI: Self.reference, exponent: Self.ownExponent).meanRSSI(distance: distance)
            #expect(abs(twin.meanRSSI(till: 1, distance: distance) - own) < 1e-12, "a till's own exponent at \(distance) m")
        }
    }

    /// With no field, no fades and no drawn offsets, what a phone hears held is
    /// what the first radio draws afresh: with the same 2 dB of per-packet
    /// spread (the held model's noise, the first radio's `packetSigma`), their
    /// packets at 5 m have one mean and one spread, within sampling error.
    @Test func aHeldPacketWithNothingHeldIsDistributedAsTheFirstRadiosPacket() {
        var radio = RadioParameters.firstDefinition
        radio.packetSigma = 2
        radio.tillOffsetSigma = 0
        radio.shadowingSigma = 0
        radio.channelFadingKdB = nil
        radio.fadingKdB = 80
        radio.packetNoise = 2
        var held = SignalModel(parameters: radio, generator: SeededGenerator(seed: 3))
        held.addTill()
        let first = SignalModel.firstRadio(radio)
        let till = Position(x: 0, y: 0, z: 1), at = Position(x: 5, y: 0, z: 1)
        let count = 4_000
        let signal = held.held(till: 0, tillPosition: till, phone: 0, at: at, basis: held.shadowingBasis(at: at), stand: 1, fixedOffset: -2)
        let heldPackets = (0..<count).map { signal.channel(0) + held.noise(till: 0, event: $0, phone: 0, channel: 0) }
        var generator = SeededGenerator(seed: 4)
        let drawn = (0..<count).map { _ in first.packetRSSI(distance: 5, fixedOffset: -2, generator: &generator) }
        func moments(_ values: [Double]) -> (mean: Double, sd: Double) {
            let mean = values.reduce(0, +) / Double(values.count)
            return (mean, (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count - 1)).squareRoot())
        }
        let a = moments(heldPackets), b = moments(drawn)
        #expect(abs(b.mean - first.meanRSSI(distance: 5) + 2) < 4 * 2 / Double(count).squareRoot())
        #expect(abs(a.mean - b.mean) < 4 * 2 * (2 / Double(count)).squareRoot(), "means \(a.mean), \(b.mean)")
        #expect(abs(a.sd - 2) < 0.1 && abs(b.sd - 2) < 0.1, "spreads \(a.sd), \(b.sd)")
    }

    /// The calibration fit, on readings of the parameter set (whole dBm, each
    /// distance read 20 times with evenly spaced dither so that rounding
    /// averages out), returns it.
    @Test func theFitReturnsTheParameterSet() throws {
        let till = TillPlacement(till: TillID(1), position: Position(x: 0, y: 0, z: 0))
        var samples: [SurveySample] = []
        for distance in Self.distances {
            for step in 0..<20 {
                let rssi = Self.expected(distance) + (Double(step) + 0.5) / 20 - 0.5
                samples.append(SurveySample(position: Position(x: distance, y: 0, z: 0), till: till.till, rssi: Int(rssi.rounded())))
            }
        }
        let fit = try CalibrationFit(samples, tills: [till]).calibration
        for distance in Self.distances {
            #expect(abs(fit.meanRSSI(till: till.till, distance: distance) - Self.expected(distance)) < 0.05, "fit at \(distance) m")
        }
    }
}
