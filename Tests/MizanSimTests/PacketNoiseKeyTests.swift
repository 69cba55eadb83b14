import MizanGeometry
import Testing
@testable import MizanSim
@testable import MizanRadio
@testable import MizanTime

/// A packet's noise drawn from the pair's hash (`SignalModel.pairKey`, worked out once for a
/// packet's noise and its report's draws) is the noise drawn from the till and phone
/// themselves, bit for bit.
@Suite struct PacketNoiseKeyTests {
    @Test func noiseFromThePairsKeyIsTheSameDrawAsFromTheTillAndPhone() {
        var signal = SignalModel(parameters: RadioParameters(), generator: SeededGenerator(seed: 9))
        for _ in 0..<6 { signal.addTill() }
        var draws = Set<UInt64>()
        for till in 0..<6 {
            for phone in [0, 1, 17, 4_000] {
                let pair = signal.pairKey(till: till, phone: phone)
                for event in [0, 1, 99, 123_456] {
                    for channel in 0..<3 {
                        let fromPair = signal.noise(pair: pair, event: event, channel: channel)
                        #expect(fromPair.bitPattern == signal.noise(till: till, event: event, phone: phone, channel: channel).bitPattern)
                        draws.insert(fromPair.bitPattern)
                    }
                }
            }
        }
        // Different packets get different draws.
        #expect(draws.count == 6 * 4 * 4 * 3)
    }
}
