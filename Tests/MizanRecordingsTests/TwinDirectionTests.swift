import MizanGeometry
import Testing
import MizanProtocol
import MizanSim
@testable import MizanRecordings
@testable import MizanRadio
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The twin fits the carried device's gain by direction on what it is given,
/// and finds none where there is none.
@Suite struct TwinDirectionTests {
    /// Four tills on a 10 m square; carriers walking back and forth across it
    /// along both axes, so every till is seen ahead, beside and behind.
    static func recording() -> RSSITrace {
        let tills = [(0.0, 0.0), (10.0, 0.0), (0.0, 10.0), (10.0, 10.0)].enumerated().map { index, corner in
            RSSITrace.Till(id: TillID(UInt32(index + 1)), position: Position(x: corner.0, y: corner.1, z: 1.22))
        }
        var rows: [RSSITrace.Row] = []
        for phone in 0..<4 {
            for step in 0..<900 {
                let t = Double(step) * 0.1
                // 8 m legs at 0.8 m/s, turning back each leg; phones 0 and 1 walk along x, 2 and 3 along y.
                let leg = Int(t / 10), along = t - Double(leg) * 10
                let s = 1 + (leg % 2 == 0 ? along : 10 - along) * 0.8
                let across = 2 + Double(phone % 2) * 6
                let position = phone < 2 ? Position(x: s, y: across, z: 1.3) : Position(x: across, y: s, z: 1.3)
                rows.append(RSSITrace.Row(t: t, phone: "p\(phone)", till: TillID(UInt32(step % 4 + 1)), rssi: -70, position: position))
            }
        }
        return RSSITrace(tills: tills, rows: rows)
    }

    @Test func theFitFindsTheBodysSwingAndItsDirection() throws {
        var truth = TwinRadio.danisDefault
        truth.direction = DirectionGain(swing: 9, best: 0)
        var swings: [Double] = []
        for seed in UInt64(1)...4 {
            let fit = try TwinFit(DigitalTwin(radio: truth).simulate(Self.recording(), seed: seed))
            #expect(!fit.headingsRecorded)
            #expect(abs(fit.direction.best) < 0.35, "best \(fit.direction.best)")
            swings.append(fit.direction.swing)
        }
        let mean = swings.reduce(0, +) / 4
        #expect(abs(mean - 9) < 1.5, "swings \(swings)")
    }

    @Test func aDeviceNobodyCarriesFitsCloseToNone() throws {
        var swings: [Double] = []
        for seed in UInt64(1)...4 {
            swings.append(try TwinFit(DigitalTwin(radio: .danisDefault).simulate(Self.recording(), seed: seed)).direction.swing)
        }
        #expect(swings.reduce(0, +) / 4 < 1.5, "swings \(swings)")
    }

    @Test func theGainIsZeroTowardItsBestDirectionAndTheSwingOpposite() {
        let gain = DirectionGain(swing: 8, best: .pi)
        #expect(abs(gain.gain(heading: 0, bearing: .pi)) < 1e-12)
        #expect(abs(gain.gain(heading: 0, bearing: 0) + 8) < 1e-12)
        #expect(abs(gain.gain(heading: .pi / 2, bearing: .pi) + 4) < 1e-12)
        #expect(DirectionGain.none.gain(heading: 1, bearing: 2) == 0)
    }
}
