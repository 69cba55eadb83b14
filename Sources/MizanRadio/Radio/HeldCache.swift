/// What a scanning phone keeps of what it receives from the tills while it
/// stands (`PhoneEndpoint.heldCache`): a direct-mapped cache, slot `till %
/// capacity`, of at most `maximumCapacity` entries (`RadioMedium.heldCacheCapacity`), so that a phone keeps a
/// bounded number whatever the floor's size. A floor of up to that many tills
/// gives each till its own slot (an array by index); on a larger one two
/// tills may share a slot, and the one asked last holds it. A value not found
/// is computed afresh: it is the same value (`SignalModel` hashes every draw),
/// so what the cache holds changes the cost, never a packet's fate.
///
/// Beside the entries, a bit per till marks the tills the phone cannot hear
/// in this stand and whose packets cannot spoil another's (`keepSilent`):
/// a floor of thousands of tills, most of them too far, keeps a bit for each
/// where entries would be evicted and computed again and again.
struct HeldCache {
    private var entries: [HeldEntry] = []
    /// One bit per till index: silent in the stand `silentStand`.
    private var silent: [UInt64] = []
    private var silentStand = UInt32.max

    /// The most entries a phone keeps (40 bytes each: 40 KB a phone).
    static let maximumCapacity = 1_024

    /// Empties the cache, with `capacity` slots (at least one; its storage kept when of that size).
    mutating func removeAll(capacity: Int, tills: Int) {
        let words = (tills + 63) / 64
        if silent.count != words { silent = Array(repeating: 0, count: words) }
        silentStand = UInt32.max
        let capacity = Swift.max(1, capacity)
        if entries.count == capacity {
            entries.withUnsafeMutableBufferPointer { entries in
                for slot in entries.indices { entries[slot] = HeldEntry() }
            }
        } else {
            entries = Array(repeating: HeldEntry(), count: capacity)
        }
    }

    /// Drops its storage (a phone that stops scanning).
    mutating func release() {
        entries = []
        silent = []
        silentStand = UInt32.max
    }

    /// Whether `till` was found silent in stand `stand` (`keepSilent`).
    @inline(__always)
    func isSilent(till: Int, stand: UInt32) -> Bool {
        guard stand == silentStand, till >> 6 < silent.count else { return false }
        return silent[till >> 6] & (1 << UInt64(till & 63)) != 0
    }

    /// Marks `till` silent in stand `stand`: the marks of an earlier stand are cleared first.
    @inline(__always)
    mutating func keepSilent(till: Int, stand: UInt32) {
        guard till >> 6 < silent.count else { return }
        if stand != silentStand {
            silent.withUnsafeMutableBufferPointer { words in
                for index in words.indices { words[index] = 0 }
            }
            silentStand = stand
        }
        silent[till >> 6] |= 1 << UInt64(till & 63)
    }

    /// What the phone receives from `till` in its stand `stand`, if kept.
    @inline(__always)
    func signal(till: Int, stand: UInt32) -> ChannelSignal? {
        entries.withUnsafeBufferPointer { entries in
            guard !entries.isEmpty else { return nil }
            let entry = entries[Self.slot(of: till, capacity: entries.count)]
            return Int(entry.till) == till && entry.stand == stand ? entry.signal : nil
        }
    }

    /// Keeps `signal` as what the phone receives from `till` in its stand `stand`.
    @inline(__always)
    mutating func keep(_ signal: ChannelSignal, till: Int, stand: UInt32) {
        guard !entries.isEmpty else { return }
        entries[Self.slot(of: till, capacity: entries.count)] = HeldEntry(till: Int32(truncatingIfNeeded: till), stand: stand, signal: signal)
    }

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
    var signal = ChannelSignal(channels: (-.infinity, -.infinity, -.infinity), noiseKey: 0)
}
