import MizanProtocol
/// `exp(-x)` for `x >= 0` with the standard library only (MizanProtocol is
/// pure): halve `x` until it is small, take a short Taylor series, and square
/// back. Relative error under 1e-12, which is plenty for a weight.
enum ExponentialDecay {
    static func factor(_ x: Double) -> Double {
        guard x > 0 else { return 1 }
        guard x < 700 else { return 0 }
        var reduced = x
        var squarings = 0
        while reduced > 1.0 / 1024 {
            reduced /= 2
            squarings += 1
        }
        let y = -reduced
        var result = 1 + y * (1 + y / 2 * (1 + y / 3 * (1 + y / 4 * (1 + y / 5))))
        for _ in 0..<squarings { result *= result }
        return result
    }
}
