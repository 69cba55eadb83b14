import Testing
@testable import MizanSim
@testable import MizanTime

/// The run's cheap conversions of virtual durations give exactly what the standard library's give.
@Suite struct DurationSecondsTests {
    static func durations() -> [Duration] {
        var generator = SeededGenerator(seed: 5)
        var values: [Duration] = [.zero, .seconds(1), .seconds(-1), .nanoseconds(1), .nanoseconds(-1),
                                  Duration(attoseconds: 1), Duration(attoseconds: -1),
                                  Duration(attoseconds: 999_999_999_999_999_999), Duration(attoseconds: 1_000_000_000_000_000_000),
                                  Duration(attoseconds: -999_999_999_999_999_999), Duration(attoseconds: -1_000_000_000_000_000_001),
                                  .seconds(86_400 * 365), .seconds(-86_400 * 365), .seconds(Int64.max), .seconds(Int64.min),
                                  Duration(attoseconds: Int128(Int64.max)), Duration(attoseconds: Int128(Int64.max) + 1)]
        for whole in [0, 1, 9, 10, 3_599, 3_600, 86_399, 1 << 40] as [Int64] {
            for atto in [0, 1, 999_999_999_999_999_999, 500_000_000_000_000_000] as [Int64] {
                values += [Duration(secondsComponent: whole, attosecondsComponent: atto), Duration(secondsComponent: -whole, attosecondsComponent: -atto)]
            }
        }
        for _ in 0..<100_000 {
            let seconds = generator.uniform(-1e7...1e7)
            values.append(.nanoseconds(Int64(seconds * 1e9)) + Duration(attoseconds: Int128(generator.uniform(0...1e9))))
            values.append(.nanoseconds(Int64(generator.uniform(0...2e8))))
        }
        return values
    }

    @Test func wholeSecondsAreTheComponents() {
        for duration in Self.durations() {
            let (seconds, atto) = duration.wholeSeconds
            #expect(seconds == duration.components.seconds && atto == duration.components.attoseconds, "\(duration)")
            #expect(duration.seconds.bitPattern == (Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18).bitPattern)
        }
    }

    @Test func inSecondsIsTheRatioToOneSecond() {
        for duration in Self.durations() {
            #expect(duration.inSeconds.bitPattern == (duration / .seconds(1)).bitPattern, "\(duration)")
        }
    }
}
