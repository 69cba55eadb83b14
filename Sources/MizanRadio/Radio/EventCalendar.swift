import MizanTime
/// The advertisers' event starts by time, so that an advertising event finds
/// the tills whose events overlap it (`SignalAdvertising.findColliders`) among a
/// handful of candidates instead of asking every advertiser.
///
/// A ring of buckets, each an air time wide, lists the tills (by index) with
/// an event start in it: each advertiser's last event start and its next
/// scheduled one (`TillEndpoint.lastEventStart`, `nextEventStart`), while it
/// advertises. An event starting at s overlaps another starting at t when
/// |t - s| < air time, so t lies within a bucket of s's; `forEachCandidate`
/// visits the listings of the five buckets around s (two either side, so
/// that rounding a start's number of widths can never hide one) and hands on
/// the tills whose listed start lies within an air time of s, read from the
/// listing itself (on a floor of thousands of tills, most of a bucket's
/// listings are not that close, and reading each till's own starts cost a
/// cache miss apiece). The ring wraps: a bucket also holds starts a whole
/// ring's span away, which that test turns down. Whatever the ring's length,
/// no overlapping event is missed; the length (more than two advertising
/// intervals) keeps the strays few.
package struct EventCalendar {
    /// Which start of a till a listing is.
    enum Start: Int {
        case last = 0, next = 1
    }

    /// The buckets' lists, linked through the listings (a till's last start
    /// is listing 2 x till, its next 2 x till + 1), so that listing and
    /// unlisting allocate nothing and search nothing. One array: first each
    /// bucket's first listing (-1: none), then for each listing four
    /// numbers, its bucket (-1: not listed), the next and previous listing
    /// in that bucket (-1: none) and its start (seconds, as the bits of the
    /// `Double`: read beside the next listing as a bucket is walked).
    private var storage: [Int]
    /// Buckets a second (the reciprocal of the width), and their number less one (a power of two less one).
    private let perSecond: Double
    private let mask: Int

    /// A calendar for events `width` seconds long (> 0) whose starts are kept
    /// for up to `span` seconds either side of now.
    init(width: Double, span: Double) {
        precondition(width > 0, "events with an air time")
        perSecond = 1 / width
        var count = 8
        while count < 1 << 16, Double(count) < 2 * span * perSecond + 5 { count *= 2 }
        mask = count - 1
        storage = Array(repeating: -1, count: count)
    }

    /// The bucket of a start: its whole number of widths, around the ring.
    @inline(__always)
    private func bucket(of time: Double) -> Int {
        let whole = SignalAdvertising.wholeBelow(Swift.min(Swift.max(time * perSecond, -0x1p62), 0x1p62))
        return Int(whole) & mask
    }

    /// Where listing `listing`'s four numbers begin in `storage`.
    @inline(__always)
    private func links(of listing: Int) -> Int { mask + 1 + 4 * listing }

    /// Lists the till's `start` at `time`, in place of where it was listed; a start that is not
    /// finite (none yet, none scheduled) is not listed.
    mutating func list(_ till: Int, _ start: Start, at time: Double) {
        let listing = 2 * till + start.rawValue, own = links(of: listing)
        if own + 4 > storage.count { storage.append(contentsOf: repeatElement(-1, count: own + 8 - storage.count)) }
        let bucket = time.isFinite ? bucket(of: time) : -1
        let base = mask + 1
        storage.withUnsafeMutableBufferPointer { storage in
            // Out of the bucket it was in.
            let old = storage[own]
            if old >= 0 {
                let next = storage[own + 1], previous = storage[own + 2]
                if previous >= 0 { storage[base + 4 * previous + 1] = next } else { storage[old] = next }
                if next >= 0 { storage[base + 4 * next + 2] = previous }
                storage[own] = -1
            }
            // Into the new one, first.
            guard bucket >= 0 else { return }
            let first = storage[bucket]
            storage[own] = bucket
            storage[own + 1] = first
            storage[own + 2] = -1
            storage[own + 3] = Int(bitPattern: UInt(time.bitPattern))
            if first >= 0 { storage[base + 4 * first + 2] = listing }
            storage[bucket] = listing
        }
    }

    /// Takes the till's `start` out of the calendar, if it is listed.
    mutating func unlist(_ till: Int, _ start: Start) {
        list(till, start, at: .infinity)
    }

    /// Calls `body` with each till listed within two buckets of `time` whose
    /// listed start lies less than `within` seconds from it (infinity: every
    /// one), in no particular order, a till listed twice so twice.
    /// Mutating only so that the calendar is used in place, not copied out of its owner.
    @inline(__always)
    mutating func forEachCandidate(around time: Double, within: Double, _ body: (Int) -> Void) {
        let centre = bucket(of: time), mask = mask, base = mask + 1
        storage.withUnsafeBufferPointer { storage in
            for step in -2...2 {
                var listing = storage[(centre + step) & mask]
                while listing >= 0 {
                    let start = Double(bitPattern: UInt64(UInt(bitPattern: storage[base + 4 * listing + 3])))
                    if abs(start - time) < within { body(listing / 2) }
                    listing = storage[base + 4 * listing + 1]
                }
            }
        }
    }
}
