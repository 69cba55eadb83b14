/// The advertisers' event starts by time, so that an advertising event finds
/// the tills whose events overlap it (`RadioMedium.findColliders`) among a
/// handful of candidates instead of asking every advertiser.
///
/// A ring of buckets, each an air time wide, lists the tills (by index) with
/// an event start in it: each advertiser's last event start and its next
/// scheduled one (`TillEndpoint.lastEventStart`, `nextEventStart`), while it
/// advertises. An event starting at s overlaps another starting at t when
/// |t - s| < air time, so t lies within a bucket of s's; `candidates` lists
/// the tills of the five buckets around s (two either side, so that rounding
/// the quotient t / width can never hide one). The ring wraps: a bucket also
/// holds starts a whole ring's span away, which the caller's exact test then
/// turns down. Whatever the ring's length, no overlapping event is missed;
/// the length (more than two advertising intervals) keeps the strays few.
struct EventCalendar {
    /// Which start of a till a listing is.
    enum Start: Int {
        case last = 0, next = 1
    }

    /// The buckets' lists, linked through the listings (a till's last start
    /// is listing 2 x till, its next 2 x till + 1), so that listing and
    /// unlisting allocate nothing and search nothing: each bucket's first
    /// listing (-1: none), and for each listing three numbers, its bucket
    /// (-1: not listed) and the next and previous listing in that bucket
    /// (-1: none).
    private var firsts: [Int]
    private var links: [Int] = []
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
        firsts = Array(repeating: -1, count: count)
    }

    /// The bucket of a start: its whole number of widths, around the ring.
    private func bucket(of time: Double) -> Int {
        let whole = RadioMedium.wholeBelow(Swift.min(Swift.max(time * perSecond, -0x1p62), 0x1p62))
        return Int(whole) & mask
    }

    /// Lists the till's `start` at `time`, in place of where it was listed; a start that is not
    /// finite (none yet, none scheduled) is not listed.
    mutating func list(_ till: Int, _ start: Start, at time: Double) {
        let listing = 2 * till + start.rawValue
        if 3 * listing + 3 > links.count { links.append(contentsOf: repeatElement(-1, count: 3 * listing + 6 - links.count)) }
        let bucket = time.isFinite ? bucket(of: time) : -1
        firsts.withUnsafeMutableBufferPointer { firsts in
            links.withUnsafeMutableBufferPointer { links in
                Self.unlink(listing, firsts, links)
                guard bucket >= 0 else { return }
                let first = firsts[bucket]
                links[3 * listing] = bucket
                links[3 * listing + 1] = first
                links[3 * listing + 2] = -1
                if first >= 0 { links[3 * first + 2] = listing }
                firsts[bucket] = listing
            }
        }
    }

    /// Takes the till's `start` out of the calendar, if it is listed.
    mutating func unlist(_ till: Int, _ start: Start) {
        list(till, start, at: .infinity)
    }

    private static func unlink(_ listing: Int, _ firsts: UnsafeMutableBufferPointer<Int>, _ links: UnsafeMutableBufferPointer<Int>) {
        let bucket = links[3 * listing]
        guard bucket >= 0 else { return }
        let next = links[3 * listing + 1], previous = links[3 * listing + 2]
        if previous >= 0 { links[3 * previous + 1] = next } else { firsts[bucket] = next }
        if next >= 0 { links[3 * next + 2] = previous }
        links[3 * listing] = -1
    }

    /// The tills listed within two buckets of `time`, into `tills` (emptied first): ascending, each
    /// once. Mutating only so that the calendar is used in place, not copied out of its owner.
    mutating func candidates(around time: Double, into tills: inout [Int]) {
        tills.removeAll(keepingCapacity: true)
        let centre = bucket(of: time), mask = mask
        firsts.withUnsafeBufferPointer { firsts in
            links.withUnsafeBufferPointer { links in
                for step in -2...2 {
                    var listing = firsts[(centre + step) & mask]
                    while listing >= 0 {
                        tills.append(listing / 2)
                        listing = links[3 * listing + 1]
                    }
                }
            }
        }
        guard tills.count > 1 else { return }
        // They are few: sorted by insertion, then each kept once.
        let kept = tills.withUnsafeMutableBufferPointer { tills in
            for index in 1..<tills.count {
                let till = tills[index]
                var at = index
                while at > 0, tills[at - 1] > till {
                    tills[at] = tills[at - 1]
                    at -= 1
                }
                tills[at] = till
            }
            var kept = 1
            for index in 1..<tills.count where tills[index] != tills[kept - 1] {
                tills[kept] = tills[index]
                kept += 1
            }
            return kept
        }
        tills.removeLast(tills.count - kept)
    }
}

/// The advertisers (tills advertising on the signal model: `TillEndpoint.isAdvertiser`) and
/// their event starts, kept in step with the calendar.
extension RadioMedium {
    /// The till joins the advertisers, its starts listed.
    func joinAdvertisers(_ till: TillEndpoint) {
        guard !till.isAdvertiser else { return }
        till.isAdvertiser = true
        eventCalendar.list(till.index, .last, at: till.lastEventStart)
        eventCalendar.list(till.index, .next, at: till.nextEventStart)
    }

    /// The till leaves the advertisers, its starts unlisted.
    func leaveAdvertisers(_ till: TillEndpoint) {
        guard till.isAdvertiser else { return }
        till.isAdvertiser = false
        eventCalendar.unlist(till.index, .last)
        eventCalendar.unlist(till.index, .next)
    }

    func setLastEventStart(_ till: TillEndpoint, _ start: Double) {
        till.lastEventStart = start
        if till.isAdvertiser { eventCalendar.list(till.index, .last, at: start) }
    }

    func setNextEventStart(_ till: TillEndpoint, _ start: Double) {
        till.nextEventStart = start
        if till.isAdvertiser { eventCalendar.list(till.index, .next, at: start) }
    }
}
