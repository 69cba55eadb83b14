import MizanGeometry
import Testing
@testable import MizanSim
@testable import MizanRadio
@testable import MizanTime

/// A packet's noise drawn from the pair's hash kept with its held signal is
/// the noise drawn from the till and phone themselves, bit for bit.
@Suite struct PacketNoiseKeyTests {
    @Test func noiseFromTheHeldSignalsPairKeyIsTheSameDrawAsFromTheTillAndPhone() {
        var signal = SignalModel(parameters: RadioParameters(), generator: SeededGenerator(seed: 9))
        for _ in 0..<6 { signal.addTill() }
        let spot = Position(x: 1.5, y: 0.7, z: 1.2)
        let basis = signal.shadowingBasis(at: spot)
        var draws = Set<UInt64>()
        for till in 0..<6 {
            for phone in [0, 1, 17, 4_000] {
                let held = signal.held(till: till, tillPosition: Position(x: 2 * Double(till), y: 0, z: 1.0), phone: phone, at: spot,
                                       basis: basis, stand: 3 << 24, fixedOffset: 0)
                for event in [0, 1, 99, 123_456] {
                    for channel in 0..<3 {
                        let fromPair = signal.noise(pair: held.noiseKey, event: event, channel: channel)
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
