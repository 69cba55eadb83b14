extension Duration {
    /// Seconds as a `Double`: `Double(components.seconds) + Double(components.attoseconds) * 1e-18`.
    @inlinable
    public var seconds: Double {
        let (whole, atto) = wholeSeconds
        return Double(whole) + Double(atto) * 1e-18
    }

    /// `components`, the same two numbers (whole seconds, and the attoseconds
    /// left, of the same sign), without the standard library's 128-bit
    /// division, which cost about 190 instructions a call on the run's
    /// hottest clocks (the advertising events, the connection events): the
    /// quotient is estimated in floating point and set right by one exact
    /// multiply (`DurationSecondsTests` checks it against `components`).
    @inlinable @inline(__always)
    public var wholeSeconds: (seconds: Int64, attoseconds: Int64) {
        let atto = attoseconds
        let high = Int64(truncatingIfNeeded: atto >> 64)
        // Beyond 2^84 attoseconds (about 224 days) the floating-point estimate could miss by more than
        // a few seconds: the standard library's way.
        guard high > -(1 << 20), high < (1 << 20) else { return components }
        let perSecond: Int128 = 1_000_000_000_000_000_000
        let estimate = (Double(high) * 0x1.0p64 + Double(UInt64(truncatingIfNeeded: atto))) * 1e-18
        var whole = Int64(estimate)
        var rest = atto &- Int128(whole) &* perSecond
        if atto >= 0 {
            while rest < 0 { whole -= 1; rest &+= perSecond }
            while rest >= perSecond { whole += 1; rest &-= perSecond }
        } else {
            while rest > 0 { whole += 1; rest &-= perSecond }
            while rest <= -perSecond { whole -= 1; rest &+= perSecond }
        }
        return (whole, Int64(truncatingIfNeeded: rest))
    }

    /// Whole microseconds, the rest dropped toward zero: a trace's time.
    public var wholeMicroseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }

    /// `wholeMicroseconds` in seconds: an instant as every file of a run writes it (a trace's
    /// times, a stopped run's summary and report), so that they agree to the microsecond.
    public var traceSeconds: Double { Double(wholeMicroseconds) / 1e6 }

    /// `self / .seconds(1)`, the same value (the attoseconds' nearest double
    /// over 10^18), without the standard library's generic 128-bit conversion
    /// when the attoseconds fit 64 bits (about 9.2 s).
    @inlinable @inline(__always)
    public var inSeconds: Double {
        let atto = attoseconds
        if let small = Int64(exactly: atto) { return Double(small) / 1e18 }
        return self / .seconds(1)
    }
}
