import Testing
import Foundation
@testable import MizanSim
@testable import MizanTime

@Suite("SeededGenerator")
struct SeededGeneratorTests {
    @Test("xoshiro256** matches the reference outputs for state (1, 2, 3, 4)")
    func xoshiroMatchesReference() {
        var generator = SeededGenerator(seed: 0, state: (1, 2, 3, 4))
        let outputs = (0..<4).map { _ in generator.next() }
        #expect(outputs == [11520, 0, 1_509_978_240, 1_215_971_899_390_074_240])
    }

    @Test("SplitMix64 seeding matches the reference: seed 0 gives 0xE220A8397B1DCDAF first")
    func splitMixMatchesReference() {
        var state: UInt64 = 0
        #expect(SeededGenerator.splitMix64(&state) == 0xE220_A839_7B1D_CDAF)
    }

    @Test("seed 42 gives the sequence an independent implementation gives")
    func seedFortyTwoIsPinned() {
        var generator = SeededGenerator(seed: 42)
        let outputs = (0..<4).map { _ in generator.next() }
        #expect(outputs == [0x1578_0B2E_0C2E_C716, 0x6104_D986_6D11_3A7E, 0xAE17_5332_39E4_99A1, 0xECB8_AD47_03B3_60A1])
    }

    @Test("the same seed gives the same sequence, a different seed a different one")
    func sameSeedSameSequence() {
        var a = SeededGenerator(seed: 0xDEAD_BEEF)
        var b = SeededGenerator(seed: 0xDEAD_BEEF)
        var c = SeededGenerator(seed: 0xDEAD_BEF0)
        let first = (0..<1000).map { _ in a.next() }
        #expect(first == (0..<1000).map { _ in b.next() })
        #expect(first != (0..<1000).map { _ in c.next() })
    }

    @Test("split streams differ from each other and from their parent")
    func splitStreamsDiffer() {
        let parent = SeededGenerator(seed: 7)
        var streams = [parent] + (0..<16).map { parent.split(UInt64($0)) } + [parent.split("till-1"), parent.split("phone-1")]
        let prefixes = streams.indices.map { index in (0..<8).map { _ in streams[index].next() } }
        #expect(Set(prefixes.map { $0.description }).count == prefixes.count)
        // Distinct labels always give distinct child seeds.
        #expect(Set((0..<10_000).map { parent.split(UInt64($0)).seed }).count == 10_000)
    }

    @Test("a split stream does not depend on how much the parent drew, nor advance it")
    func splitIsStableUnderParentConsumption() {
        let fresh = SeededGenerator(seed: 99)
        var used = fresh
        for _ in 0..<12_345 { _ = used.next() }
        _ = used.normal()  // leaves a spare normal in the parent's state
        var childOfFresh = fresh.split("medium")
        var childOfUsed = used.split("medium")
        #expect((0..<100).map { _ in childOfFresh.next() } == (0..<100).map { _ in childOfUsed.next() })

        var parent = SeededGenerator(seed: 5)
        var copy = parent
        _ = parent.split(3)
        _ = parent.split("x")
        #expect(parent.next() == copy.next())
    }

    @Test("a text label is split by its FNV-1a hash, which matches the reference values")
    func textLabelsUseFNV1a() {
        #expect(SeededGenerator.fnv1a64("") == 0xCBF2_9CE4_8422_2325)
        #expect(SeededGenerator.fnv1a64("a") == 0xAF63_DC4C_8601_EC8C)
        #expect(SeededGenerator.fnv1a64("foobar") == 0x8594_4171_F739_67E8)
        let parent = SeededGenerator(seed: 1)
        #expect(parent.split("till-7").seed == parent.split(SeededGenerator.fnv1a64("till-7")).seed)
    }

    @Test("normal() has the requested mean and standard deviation over 100k draws")
    func normalMoments() {
        var generator = SeededGenerator(seed: 2024)
        let count = 100_000
        var sum = 0.0
        var sumOfSquares = 0.0
        for _ in 0..<count {
            let x = generator.normal(mean: 5, sd: 2)
            sum += x
            sumOfSquares += x * x
        }
        let mean = sum / Double(count)
        let sd = (sumOfSquares / Double(count) - mean * mean).squareRoot()
        // Standard errors: 2 / sqrt(1e5) = 0.0063 for the mean, about 0.0045 for the sd.
        #expect(abs(mean - 5) < 0.03)
        #expect(abs(sd - 2) < 0.03)
    }

    @Test("uniform() stays in its range with the midpoint as mean; exponential() has its mean")
    func uniformAndExponential() {
        var generator = SeededGenerator(seed: 11)
        let count = 100_000
        var sum = 0.0
        var outOfRange = 0
        for _ in 0..<count {
            let x = generator.uniform(-0.3...0.3)
            if !(-0.3...0.3).contains(x) { outOfRange += 1 }
            sum += x
        }
        #expect(outOfRange == 0)
        #expect(abs(sum / Double(count)) < 0.005)  // standard error 0.0005
        #expect(generator.uniform(2.5...2.5) == 2.5)

        var total = 0.0
        var invalid = 0
        for _ in 0..<count {
            let x = generator.exponential(mean: 20)
            if !(x >= 0 && x.isFinite) { invalid += 1 }
            total += x
        }
        #expect(invalid == 0)
        #expect(abs(total / Double(count) - 20) < 0.4)  // standard error 0.063
    }

    @Test("bytes(count:) gives each draw's bytes least significant first, deterministically")
    func bytesAreLittleEndianDraws() {
        var a = SeededGenerator(seed: 3)
        var b = SeededGenerator(seed: 3)
        let bytes = a.bytes(count: 13)
        let first = b.next()
        let second = b.next()
        let expected = (0..<8).map { UInt8(truncatingIfNeeded: first >> (8 * $0)) }
            + (0..<5).map { UInt8(truncatingIfNeeded: second >> (8 * $0)) }
        #expect(bytes == expected)
        #expect(a.next() == b.next())
        #expect(a.bytes(count: 0).isEmpty)
    }

    /// The polar method's deviate |u| sqrt(-2 ln s / s) is largest at the smallest s its uniforms
    /// (multiples of 2^-52) can make, 2^-104: just under `largestNormal`; and a million draws stay
    /// well inside it.
    @Test func noNormalIsLargerThanTheBoundTheFirstRadioCutsBy() {
        let s = 0x1.0p-104, u = 0x1.0p-52
        let extreme = u * (-2 * log(s) / s).squareRoot()
        #expect(extreme > 12 && extreme < SeededGenerator.largestNormal, "\(extreme)")
        var generator = SeededGenerator(seed: 8)
        let largest = (0..<1_000_000).map { _ in abs(generator.normal()) }.max() ?? 0
        #expect(largest > 4 && largest < 6.5)
    }
}
