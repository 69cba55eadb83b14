/// What a scanning phone keeps of what it receives from the tills while it
/// stands (`PhoneEndpoint.heldCache`): a direct-mapped cache, slot `till %
/// capacity`, of at most `maximumCapacity` entries (`RadioMedium.heldCacheCapacity`), so that a phone keeps a
/// bounded number whatever the floor's size. It starts with a few slots and
/// doubles when two tills the phone hears in one stand meet in a slot, up to
/// its limit: it grows with the tills a phone hears, not with the floor. Up
/// to the limit, every till heard gets its own slot; past it two tills may
/// share a slot, and the one asked last holds it. A value not found
/// is computed afresh: it is the same value (`SignalModel` hashes every draw),
/// so what the cache holds changes the cost, never a packet's fate.
///
/// Beside the entries, a bit per till marks the tills the phone cannot hear
/// in this stand and whose packets cannot spoil another's (`keepSilent`):
/// on a floor of thousands of tills, most of them too far, those take a bit
/// each and no slot, so the slots (and the cache's growth) follow the tills
/// a phone hears.
struct HeldCache {
    private var entries: [HeldEntry] = []
    /// `entries.count` (set wherever `entries` is), kept beside the phone's other fields: a slot is
    /// found without reading the entries' header first (on a large floor each is a miss, and the
    /// entry's own read waited on it).
    private var slots = 0
    /// The most slots this scan may grow to (`removeAll`).
    private var limit = 1
    /// One bit per till index: silent in the stand `silentStand`.
    private var silent: [UInt64] = []
    private var silentStand = UInt32.max

    /// The most entries a phone keeps (40 bytes each: 80 KB a phone): at least the tills a floor
    /// file may have (`FloorFile.maximumTills`, 2,000), so that within the floor's limits every
    /// till has its own slot however many of them a phone can hear.
    static let maximumCapacity = 2_048

    /// The slots a cache starts with (2.5 KB).
    static let initialCapacity = 64

    /// Empties the cache (a scan starts), to grow to at most `capacity` slots (at least one), with
    /// a bit for each of `tills` tills; its storage is kept when it is within that. The silent
    /// marks stay while they have a bit each: they hold for their stand, whichever scan found them.
    mutating func removeAll(capacity: Int, tills: Int) {
        let words = (tills + 63) / 64
        if silent.count != words {
            silent = Array(repeating: 0, count: words)
            silentStand = UInt32.max
        }
        limit = Swift.max(1, capacity)
        let start = Swift.min(limit, Self.initialCapacity)
        if entries.count >= start, entries.count <= limit {
            entries.withUnsafeMutableBufferPointer { entries in
                for slot in entries.indices { entries[slot] = HeldEntry() }
            }
        } else {
            entries = Array(repeating: HeldEntry(), count: start)
            slots = start
        }
    }

    /// Drops its entries (a phone that stops scanning); the silent marks stay, a bit a till, for
    /// the phone's next scan from the same stand.
    mutating func release() {
        entries = []
        slots = 0
    }

    /// Calls `body` with each till found silent in stand `stand`, in index order.
    func forEachSilent(stand: UInt32, _ body: (Int) -> Void) {
        guard stand == silentStand else { return }
        for word in silent.indices {
            var bits = silent[word]
            while bits != 0 {
                body(word << 6 + bits.trailingZeroBitCount)
                bits &= bits &- 1
            }
        }
    }

    /// Whether `till` was found silent in stand `stand` (`keepSilent`).
    @inline(__always)
    func isSilent(till: Int, stand: UInt32) -> Bool {
        guard stand == silentStand, till >> 6 < silent.count else { return false }
        return silent[till >> 6] & (1 << UInt64(till & 63)) != 0
    }

    /// Whether it has a mark for `till`: a till of the floor when the scan began.
    @inline(__always)
    func marks(till: Int) -> Bool {
        till >> 6 < silent.count
    }

    /// Marks `till` silent in stand `stand`: the marks of an earlier stand are cleared first.
    /// False, nothing kept, for a till added after the scan began (no bit for it).
    @inline(__always) @discardableResult
    mutating func keepSilent(till: Int, stand: UInt32) -> Bool {
        guard till >> 6 < silent.count else { return false }
        if stand != silentStand {
            silent.withUnsafeMutableBufferPointer { words in
                for index in words.indices { words[index] = 0 }
            }
            silentStand = stand
        }
        silent[till >> 6] |= 1 << UInt64(till & 63)
        return true
    }

    /// What the phone receives from `till` in its stand `stand`, if kept.
    @inline(__always)
    func signal(till: Int, stand: UInt32) -> ChannelSignal? {
        guard slots > 0 else { return nil }
        let slot = Self.slot(of: till, capacity: slots)
        return entries.withUnsafeBufferPointer { entries in
            let entry = entries[slot]
            return Int(entry.till) == till && entry.stand == stand ? entry.signal : nil
        }
    }

    /// Keeps `signal` as what the phone receives from `till` in its stand `stand`.
    @inline(__always)
    mutating func keep(_ signal: ChannelSignal, till: Int, stand: UInt32) {
        guard !entries.isEmpty else { return }
        var slot = Self.slot(of: till, capacity: entries.count)
        // Another till of this stand holds the slot: grow while that is so and the limit allows.
        while entries.count < limit, entries[slot].stand == stand, entries[slot].till >= 0, Int(entries[slot].till) != till {
            grow(keeping: stand)
            slot = Self.slot(of: till, capacity: entries.count)
        }
        entries[slot] = HeldEntry(till: Int32(truncatingIfNeeded: till), stand: stand, signal: signal)
    }

    /// Doubles the slots (up to the limit), keeping the entries of stand `stand`.
    private mutating func grow(keeping stand: UInt32) {
        let count = Swift.min(entries.count * 2, limit)
        var grown = Array(repeating: HeldEntry(), count: count)
        for entry in entries where entry.till >= 0 && entry.stand == stand {
            grown[Self.slot(of: Int(entry.till), capacity: count)] = entry
        }
        entries = grown
        slots = count
    }

    /// The slots it has now.
    var capacity: Int { entries.count }

    @inline(__always)
    private static func slot(of till: Int, capacity: Int) -> Int {
        till < capacity ? till : till % capacity
    }
}

/// One entry of `HeldCache`: 40 bytes.
struct HeldEntry {
    /// The till's index; -1 in an empty slot.
    var till: Int32 = -1
    /// The phone's stand `signal` is for (`PhoneEndpoint.standTag`); stale after it moves.
    var stand = UInt32.max
    var signal = ChannelSignal.silent
}
