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
/// cache miss apiece). A bucket keeps its listings side by side, each start
/// beside its till, so that the walk reads memory in order (as a list
/// linked through the listings it was a chain of cache misses, each waiting
/// on the last: on a 10,000-till row, most of the colliders' search). The ring wraps: a bucket also holds starts a whole
/// ring's span away, which that test turns down. Whatever the ring's length,
/// no overlapping event is missed; the length (more than two advertising
/// intervals) keeps the strays few.
package struct EventCalendar {
    /// Which start of a till a listing is.
    enum Start: Int {
        case last = 0, next = 1
    }

    /// A listing in a bucket: a till's last start is listing 2 x till, its next 2 x till + 1.
    private struct Listed {
        var start: Double
        var listing: Int
    }

    /// The buckets' listings, side by side, in no order.
    private var buckets: [[Listed]]
    /// For each listing two numbers: its bucket (-1: not listed) and its place there, so that
    /// listing and unlisting search nothing (a listing taken out is replaced by its bucket's last).
    private var places: [Int] = []
    /// Buckets a second (the reciprocal of the width), and their number less one (a power of two less one).
    private let perSecond: Double
    private let mask: Int

    /// A calendar for events `width` seconds long (> 0) whose starts are kept for up to `span`
    /// seconds either side of now.
    init(width: Double, span: Double) {
        precondition(width > 0, "events with an air time")
        perSecond = 1 / width
        var count = 8
        while count < 1 << 16, Double(count) < 2 * span * perSecond + 5 { count *= 2 }
        mask = count - 1
        buckets = Array(repeating: [], count: count)
    }

    /// The bucket of a start: its whole number of widths, around the ring.
    @inline(__always)
    private func bucket(of time: Double) -> Int {
        let whole = SignalAdvertising.wholeBelow(Swift.min(Swift.max(time * perSecond, -0x1p62), 0x1p62))
        return Int(whole) & mask
    }

    /// Lists the till's `start` at `time`, in place of where it was listed; a start that is not
    /// finite (none yet, none scheduled) is not listed.
    mutating func list(_ till: Int, _ start: Start, at time: Double) {
        let listing = 2 * till + start.rawValue, own = 2 * listing
        if own + 2 > places.count { places.append(contentsOf: repeatElement(-1, count: own + 8 - places.count)) }
        let bucket = time.isFinite ? bucket(of: time) : -1
        buckets.withUnsafeMutableBufferPointer { buckets in
            places.withUnsafeMutableBufferPointer { places in
                // Out of the bucket it was in: the bucket's last takes its place.
                let old = places[own]
                if old >= 0 {
                    let place = places[own + 1], last = buckets[old].removeLast()
                    if place < buckets[old].count {
                        buckets[old][place] = last
                        places[2 * last.listing + 1] = place
                    }
                    places[own] = -1
                }
                // Into the new one, last.
                guard bucket >= 0 else { return }
                places[own] = bucket
                places[own + 1] = buckets[bucket].count
                buckets[bucket].append(Listed(start: time, listing: listing))
            }
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
        let centre = bucket(of: time), mask = mask
        buckets.withUnsafeBufferPointer { buckets in
            for step in -2...2 {
                buckets[(centre + step) & mask].withUnsafeBufferPointer { listed in
                    for entry in listed where abs(entry.start - time) < within { body(entry.listing / 2) }
                }
            }
        }
    }
}
