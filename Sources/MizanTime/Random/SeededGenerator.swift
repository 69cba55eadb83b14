#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The run's source of randomness: xoshiro256** (Blackman and Vigna, 2018),
/// its state seeded by SplitMix64 from one `UInt64` seed.
///
/// Every draw of a simulation comes from one of these, never from the system
/// generator. Each device gets its own stream with `split(_:)`, which depends
/// only on the stream's `seed` and the label, not on how many numbers the parent
/// has drawn, so adding a draw to one device never shifts another's.
///
/// The floating-point helpers use only IEEE-exact operations plus `log`
/// (from the C library), so a seed replays bit for bit on the same build and
/// platform.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The seed this stream was made from; `split(_:)` derives children from it.
    public let seed: UInt64

    @usableFromInline var s0: UInt64
    @usableFromInline var s1: UInt64
    @usableFromInline var s2: UInt64
    @usableFromInline var s3: UInt64

    /// The second value of the last Marsaglia polar pair, kept for the next
    /// `normal` call (a standard normal deviate).
    @usableFromInline var spareNormal: Double?

    /// A stream whose four state words are the first four outputs of
    /// SplitMix64 started at `seed` (so the state is never all zero).
    public init(seed: UInt64) {
        self.seed = seed
        var x = seed
        s0 = Self.splitMix64(&x)
        s1 = Self.splitMix64(&x)
        s2 = Self.splitMix64(&x)
        s3 = Self.splitMix64(&x)
        spareNormal = nil
    }

    /// A stream with the given state words (not all zero), for known-answer tests.
    init(seed: UInt64, state: (UInt64, UInt64, UInt64, UInt64)) {
        precondition(state != (0, 0, 0, 0), "xoshiro256** needs a state that is not all zero")
        self.seed = seed
        (s0, s1, s2, s3) = state
        spareNormal = nil
    }

    /// The next 64 random bits (xoshiro256**).
    @inlinable
    public mutating func next() -> UInt64 {
        let result = Self.rotateLeft(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = Self.rotateLeft(s3, 45)
        return result
    }

    // MARK: Independent streams

    /// A child stream for `label` (a device, a model, a fault schedule).
    ///
    /// It depends only on `seed` and `label`: not on how much this stream has
    /// drawn, and it does not advance this stream. Distinct labels always give
    /// distinct child seeds (the derivation is a bijection of the label for a
    /// given parent seed).
    public func split(_ label: UInt64) -> SeededGenerator {
        SeededGenerator(seed: Self.childSeed(parent: seed, label: label))
    }

    /// A child stream for a textual label, hashed with 64-bit FNV-1a over its
    /// UTF-8 bytes (stable across runs and processes, unlike `hashValue`).
    public func split(_ label: String) -> SeededGenerator {
        split(Self.fnv1a64(label))
    }

    /// 64-bit FNV-1a of the UTF-8 bytes of `string`.
    public static func fnv1a64(_ string: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in string.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }

    // MARK: Distributions

    /// A uniform `Double` in `[0, 1)` with 53 random bits (every multiple of 2^-53).
    @inlinable
    public mutating func unitInterval() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform `Double` in `range`, from 53 random bits. `range` must have
    /// finite bounds; the upper bound is reached only through rounding.
    @inlinable
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        let lower = range.lowerBound
        let width = range.upperBound - lower
        precondition(width.isFinite, "uniform(_:) needs a range with finite bounds and width")
        return Swift.min(lower + width * unitInterval(), range.upperBound)
    }

    /// A normal deviate (Marsaglia polar method). Values come in pairs: the
    /// second of each pair is kept for the next call, and is part of this
    /// value's state (a copy of the generator replays it too).
    public mutating func normal(mean: Double = 0, sd: Double = 1) -> Double {
        if let spare = spareNormal {
            spareNormal = nil
            return mean + sd * spare
        }
        var u: Double
        var v: Double
        var s: Double
        repeat {
            u = 2 * unitInterval() - 1
            v = 2 * unitInterval() - 1
            s = u * u + v * v
        } while s >= 1 || s == 0
        let factor = (-2 * log(s) / s).squareRoot()
        spareNormal = v * factor
        return mean + sd * (u * factor)
    }

    /// The largest normal `normal` can give, in standard deviations, a little above: its
    /// uniforms are multiples of 2^-52, so s = u^2 + v^2 is at least 2^-104 and a deviate
    /// |u| sqrt(-2 ln s / s) at most sqrt(-2 ln s), 12.007.
    public static let largestNormal = 12.01

    /// An exponential deviate with the given mean (for example Poisson arrival gaps).
    public mutating func exponential(mean: Double) -> Double {
        // 1 - u is in (0, 1], so the logarithm is finite.
        -mean * log1p(-unitInterval())
    }

    /// `count` random bytes: each 64-bit draw gives 8 bytes, least significant first.
    public mutating func bytes(count: Int) -> [UInt8] {
        precondition(count >= 0, "bytes(count:) needs a count of zero or more")
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var index = 0
            while index < count {
                let word = next()
                var shift: UInt64 = 0
                while shift < 64, index < count {
                    buffer[index] = UInt8(truncatingIfNeeded: word >> shift)
                    index += 1
                    shift += 8
                }
            }
            initialized = count
        }
    }

    // MARK: Seeding

    /// Rotates `value` left by `amount` bits (0 < amount < 64).
    @inlinable
    static func rotateLeft(_ value: UInt64, _ amount: UInt64) -> UInt64 {
        (value << amount) | (value >> (64 &- amount))
    }

    /// One SplitMix64 step (Steele, Lea and Flood, 2014): advances `state`, returns the mixed output.
    @inlinable
    static func splitMix64(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return mix64(state)
    }

    /// SplitMix64's output function: a bijection on `UInt64` with good avalanche.
    @inlinable
    public static func mix64(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The child seed for (`parent`, `label`). For a fixed parent it is a
    /// bijection of the label (odd multiply, xor, `mix64`), so siblings never
    /// collide.
    static func childSeed(parent: UInt64, label: UInt64) -> UInt64 {
        let parentKey = mix64(parent &+ 0x6A09_E667_F3BC_C909)
        return mix64(parentKey ^ (label &* 0xD1B5_4A32_D192_ED03))
    }
}
