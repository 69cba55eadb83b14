import MizanTime

/// A (till, phone) pair, by their indices: the stream the first radio's
/// per-link shadowing draw comes from (kept on the phone,
/// `PhoneEndpoint.linkShadowing`). Two pairs share a stream only if both
/// indices are equal.
struct LinkKey: Hashable {
    let till: Int
    let phone: Int

    /// The draw's stream: `till * 1,000,003 + phone` while phones number
    /// fewer than that (the streams the first radio has always drawn from, so
    /// its runs stay the same), and past it a mix of both indices, so that no
    /// two links share a draw.
    var stream: UInt64 {
        if phone >= 0, phone < 1_000_003 { return UInt64(bitPattern: Int64(till &* 1_000_003 &+ phone)) }
        return SeededGenerator.mix64(UInt64(bitPattern: Int64(till)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: Int64(phone))) | 1 << 63
    }
}
