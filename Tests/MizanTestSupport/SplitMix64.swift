/// A small seeded generator (SplitMix64, Steele, Lea and Flood 2014) so that the
/// fuzz tests draw the same inputs on every run and every machine.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<bound` (`bound` > 0).
    public mutating func below(_ bound: Int) -> Int {
        Int(next(upperBound: UInt64(bound)))
    }

    public mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }

    /// `bytes` changed in one of the ways a fuzzer tries: bit flips, a
    /// truncation, an extension, byte insertions, byte overwrites or deletions.
    public mutating func mutated(_ bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        switch below(6) {
        case 0: // flip 1 to 4 bits
            guard !result.isEmpty else { return self.bytes(1) }
            for _ in 0...below(4) {
                let index = below(result.count)
                result[index] ^= 1 << UInt8(below(8))
            }
        case 1: // truncate
            result.removeLast(below(result.count + 1))
        case 2: // extend
            result.append(contentsOf: self.bytes(1 + below(16)))
        case 3: // insert 1 to 3 bytes
            for _ in 0...below(3) {
                result.insert(UInt8(truncatingIfNeeded: next()), at: below(result.count + 1))
            }
        case 4: // overwrite one byte
            guard !result.isEmpty else { return self.bytes(1) }
            result[below(result.count)] = UInt8(truncatingIfNeeded: next())
        default: // delete one byte
            guard !result.isEmpty else { return result }
            result.remove(at: below(result.count))
        }
        return result
    }
}
