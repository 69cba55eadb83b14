import MizanGeometry
import Testing
import MizanProtocol
import MizanSim
import MizanTime
@testable import MizanRecordings
@testable import MizanRadio
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The twin's air comes from the recording's own timing, whatever the rate,
/// and whether or not its receivers' rows line up in events.
@Suite struct TwinAirTests {
    /// A room of 12 x 6 m with four receivers on its walls, a person walking
    /// figure-eights in it with an advertiser at 50 Hz; each receiver hears
    /// `heard` of the events, on its own clock (skewed up to 15 ms, so rows are
    /// not grouped across receivers).
    static func recording(heard: Double, seconds: Double = 60) -> RSSITrace {
        let tills = [(0.0, 3.0), (12.0, 3.0), (6.0, 0.0), (6.0, 6.0)].enumerated().map { index, place in
            RSSITrace.Till(id: TillID(UInt32(index + 1)), position: Position(x: place.0, y: place.1, z: 2.2))
        }
        var generator = SeededGenerator(seed: 50)
        let skews = tills.map { _ in generator.uniform(0...0.015) }
        var rows: [RSSITrace.Row] = []
        var event = 0.0
        while event < seconds {
            let position = Position(x: 6 + 4 * sin(event * 0.2), y: 3 + 2 * sin(event * 0.4), z: 1.4)
            for (index, till) in tills.enumerated() where generator.unitInterval() < heard {
                let mean = -59.8 - 16.4 * log10(Swift.max(0.1, position.distance(to: till.position)))
                rows.append(RSSITrace.Row(t: event + skews[index], phone: "walker", till: till.id,
                                          rssi: SignalModel.reported(mean + generator.normal(mean: 0, sd: 4)), position: position))
            }
            // 50 events a second: an interval of 15 ms and advDelay's 0-10 ms.
            event += 0.015 + generator.uniform(0...0.010)
        }
        rows.sort { $0.t < $1.t }
        return RSSITrace(tills: tills, rows: rows)
    }

    @Test func aFiftyHertzRecordingsPacketRateIsTheTwinsWithinFivePerCent() throws {
        let recording = Self.recording(heard: 0.73)
        let fit = try TwinFit(recording)
        #expect(fit.assumed.allSatisfy { !$0.contains("advertising interval") }, "\(fit.assumed)")
        let advertising = fit.radio.advertising
        #expect(abs(advertising.interval + advertising.delayMax / 2 - 0.020) < 0.001, "interval \(advertising.interval)")
        let real = TwinComparison.packetsPerReceiverPerSecond(recording, duration: recording)
        let simulated = TwinComparison.packetsPerReceiverPerSecond(DigitalTwin(radio: fit.radio).simulate(recording, seed: 1), duration: recording)
        #expect(real > 30 && real < 40, "real \(real)")
        #expect(abs(simulated / real - 1) < 0.05, "real \(real) packets per receiver per second, twin \(simulated)")
    }

    @Test func aReceiverThatHearsFewEventsStillGivesTheInterval() throws {
        let fit = try TwinFit(Self.recording(heard: 0.3))
        let advertising = fit.radio.advertising
        #expect(abs(advertising.interval + advertising.delayMax / 2 - 0.020) < 0.001, "interval \(advertising.interval)")
        #expect(abs(fit.missedShare - 0.7) < 0.05, "missed \(fit.missedShare)")
    }
}
