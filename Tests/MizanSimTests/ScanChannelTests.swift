import Testing
@testable import MizanSim

/// Which advertising channel a phone scans in each scan interval: 37, 38, 39, 37, ... (0, 1, 2, 0, ...).
@Suite struct ScanChannelTests {
    @Test func eachIntervalsChannelIsItsIndexModuloThreeEvenForNegativeAndLargeIndices() {
        let loop = SimulationLoop()
        let medium = RadioMedium(parameters: RadioParameters(), clock: loop.clock, generator: SeededGenerator(seed: 1))
        var indices = Array(-1_000...1_000)
        indices += [(1 << 49) - 2, (1 << 49) - 1, 1 << 49, -(1 << 49) + 1, 86_400 * 25, 123_456_789_012]
        for index in indices {
            let expected = ((index % 3) + 3) % 3
            #expect(medium.channel(ofInterval: Double(index)) == expected, "interval \(index)")
        }
    }
}
