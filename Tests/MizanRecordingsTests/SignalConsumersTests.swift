import Testing
import MizanGeometry
import MizanProtocol
import MizanRadio
import MizanRecordings
import MizanSelection
import MizanTime

/// Every consumer of the path loss (`PathLoss`), given one parameter set,
/// reads one mean RSSI from 1 m to 20 m: the first radio (`PathLossModel`:
/// the simple floors, `rssi-experiment`), the floor's signal model
/// (`FloorSignal`: its advertising and calibration walk), the twin's
/// (`SignalModel` from `TwinRadio`), the calibration (`TillCalibration`:
/// `mizan calibrate`, the strategies' `RadioMap`) and the calibration fit.
@Suite struct SignalConsumersTests {
    static let reference = -61.3
    static let exponent = 1.87
    static let distances = stride(from: 1.0, through: 20.0, by: 0.25).map { $0 }

    static func expected(_ distance: Double) -> Double {
        PathLoss(referenceRSSI: reference, exponent: exponent).meanRSSI(distance: distance)
    }

    @Test func everyModelReadsOneMeanFromOneParameterSet() {
        var radio = RadioParameters()
        radio.referenceRSSI = Self.reference
        radio.pathLossExponent = Self.exponent
        let simple = PathLossModel(parameters: radio)
        let floor = FloorSignal(parameters: radio, generator: SeededGenerator(seed: 1))
        let twinRadio = TwinRadio.from(referenceRSSI: Self.reference, pathLossExponent: Self.exponent, packetSigma: 5, offsets: [:])
        let twin = SignalModel(parameters: twinRadio.signal, tills: [], offsets: TillOffsets([:]), generator: SeededGenerator(seed: 1))
        let calibration = TillCalibration(referenceRSSI: Self.reference, pathLossExponent: Self.exponent, packetSigma: 5, offsets: [],
                                          phoneHeight: 1.2)
        for distance in Self.distances {
            let want = Self.expected(distance)
            let got = [("first radio", simple.meanRSSI(distance: distance)), ("floor", floor.meanRSSI(distance: distance)),
                       ("twin", twin.meanRSSI(distance: distance)),
                       ("twin, its own exponent", twin.meanRSSI(distance: distance, exponent: Self.exponent)),
                       ("calibration", calibration.meanRSSI(till: TillID(1), distance: distance))]
            for (name, value) in got {
                #expect(abs(value - want) < 1e-12, "\(name) at \(distance) m: \(value), not \(want)")
            }
        }
    }

    /// The calibration fit, on readings of the parameter set (whole dBm, each
    /// distance read 20 times with evenly spaced dither so that rounding
    /// averages out), returns it.
    @Test func theFitReturnsTheParameterSet() throws {
        let till = TillPlacement(till: TillID(1), x: 0, y: 0, z: 0)
        var samples: [SurveySample] = []
        for distance in Self.distances {
            for step in 0..<20 {
                let rssi = Self.expected(distance) + (Double(step) + 0.5) / 20 - 0.5
                samples.append(SurveySample(x: distance, y: 0, z: 0, till: till.till, rssi: Int(rssi.rounded())))
            }
        }
        let fit = try CalibrationFit(samples, tills: [till]).calibration
        for distance in Self.distances {
            #expect(abs(fit.meanRSSI(till: till.till, distance: distance) - Self.expected(distance)) < 0.05, "fit at \(distance) m")
        }
    }
}
