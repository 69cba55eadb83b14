import Testing
@testable import MizanSim
@testable import MizanRadio
@testable import MizanTime

/// Which advertising channel a phone scans in each scan interval: 37, 38, 39, 37, ... (0, 1, 2, 0, ...).
@Suite struct ScanChannelTests {
    @Test func eachIntervalsChannelIsItsIndexModuloThreeEvenForNegativeAndLargeIndices() {
        var indices = Array(-1_000...1_000)
        indices += [(1 << 49) - 2, (1 << 49) - 1, 1 << 49, -(1 << 49) + 1, 86_400 * 25, 123_456_789_012]
        for index in indices {
            let expected = ((index % 3) + 3) % 3
            #expect(SignalAdvertising.channel(ofInterval: Double(index)) == expected, "interval \(index)")
        }
    }

    @Test func theIntervalIndexRoundsDownAsTheLibraryDoesForEveryKindOfValue() {
        var generator = SeededGenerator(seed: 31)
        var values: [Double] = [0, -0.0, 0.5, 1, 2.999999999, 3, -0.5, -1, -2.5, 0x1p52 + 1, 0x1p62 - 1024, 0x1p62, 1e300, -1e300,
                                .infinity, -.infinity, .ulpOfOne, -.ulpOfOne, 0x1p53 - 0.5]
        for _ in 0..<10_000 { values.append(generator.uniform(-1e7...1e7)) }
        for x in values {
            #expect(SignalAdvertising.wholeBelow(x) == x.rounded(.down), "x = \(x)")
        }
        #expect(SignalAdvertising.wholeBelow(.nan).isNaN)
    }
}
