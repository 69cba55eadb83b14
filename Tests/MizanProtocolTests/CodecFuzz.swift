import Testing
import MizanTestSupport
@testable import MizanProtocol

/// Feeds a codec random and mutated byte strings and checks that each decodes
/// or fails with a typed error (never traps), and that whatever decodes
/// re-encodes to the same bytes.
enum CodecFuzz {
    struct Outcome {
        var decoded = 0
        var rejected = 0
        var errorKinds = Set<String>()
        var nonCanonical: [[UInt8]] = []
    }

    /// `validInput` makes a valid encoding to mutate; a quarter of the inputs are purely random.
    static func run<Value>(
        count: Int, seed: UInt64,
        validInput: (inout SplitMix64) -> [UInt8],
        decode: ([UInt8]) throws(FrameError) -> Value,
        encode: (Value) -> [UInt8]
    ) -> Outcome {
        var random = SplitMix64(seed: seed)
        var outcome = Outcome()
        for _ in 0..<count {
            let input: [UInt8]
            if random.below(4) == 0 {
                input = random.bytes(random.below(601))
            } else {
                var bytes = validInput(&random)
                for _ in 0...random.below(3) { bytes = random.mutated(bytes) }
                input = bytes
            }
            do {
                let value = try decode(input)
                outcome.decoded += 1
                if encode(value) != input, outcome.nonCanonical.count < 5 { outcome.nonCanonical.append(input) }
            } catch {
                outcome.rejected += 1
                outcome.errorKinds.insert(FrameCodecTests.kind(of: error))
            }
        }
        return outcome
    }
}
