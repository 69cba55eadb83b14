/// What the phones standing still receive from one till (`TillEndpoint.heard`):
/// a direct-mapped table, slot `phone index % capacity` (a power of two), of
/// at most `RadioMedium.heardCapacity` entries, each for one phone and its
/// stand. It is laid out by till, not by phone, because an advertising event
/// reads it for the phones it visits in index order, and each of the event's
/// colliders' tables for the phones whose packets reach the collision check:
/// where phones near a till have near indices (a row of pairs, a queue's
/// payers numbered as they came), those reads go through each table in order,
/// a few cache lines an event, where a table per phone cost a miss per phone
/// and till.
///
/// It starts with a few slots and doubles when two phones that still stand
/// where their entries were made meet in a slot, up to its limit: it grows
/// with the phones that hear the till, not with the floor. Up to the limit,
/// each such phone has its own slot; past it two may share one, and the one
/// asked last holds it. A value not found is computed afresh: it is the same
/// value (`SignalModel` hashes every draw, and a phone's offsets and carriage
/// are fixed for its life), so what the table holds changes the cost, never a
/// packet's fate. An entry holds for its phone's stand, whichever scan made
/// it. The table never shrinks: its memory is at most 40 bytes a slot, its
/// slots at most the limit, a till.
struct HeardTable {
    private var entries: [HeardEntry] = []

    /// The most slots a table has (80 KB): at least the tills a floor file may have (2,000), as
    /// many phones as hear a till on any floor it allows.
    static let maximumCapacity = 2_048

    /// The slots a table starts with (640 bytes).
    static let initialCapacity = 16

    /// What `phone` receives from the till in its stand `stand`, if kept.
    @inline(__always)
    func signal(phone: Int, stand: UInt32) -> ChannelSignal? {
        entries.withUnsafeBufferPointer { entries in
            guard !entries.isEmpty else { return nil }
            let entry = entries[phone & (entries.count - 1)]
            return Int(entry.phone) == phone && entry.stand == stand ? entry.signal : nil
        }
    }

    /// Keeps `signal` as what `phone` receives from the till in its stand `stand`, in a table of at
    /// most `limit` slots (rounded down to a power of two, at least one). `stillStands` says whether
    /// a phone still stands where an entry was made (its index and stand): only then does a phone
    /// meeting it in its slot make the table grow.
    @inline(__always)
    mutating func keep(_ signal: ChannelSignal, phone: Int, stand: UInt32, limit: Int, stillStands: (Int, UInt32) -> Bool) {
        let most = Self.powerOfTwo(atMost: limit)
        if entries.isEmpty { entries = Array(repeating: HeardEntry(), count: Swift.min(Self.initialCapacity, most)) }
        var slot = phone & (entries.count - 1)
        while entries.count < most, entries[slot].phone >= 0, Int(entries[slot].phone) != phone,
              stillStands(Int(entries[slot].phone), entries[slot].stand) {
            grow()
            slot = phone & (entries.count - 1)
        }
        entries[slot] = HeardEntry(phone: Int32(truncatingIfNeeded: phone), stand: stand, signal: signal)
    }

    /// Doubles the slots, keeping every entry: each of a slot's two successors takes the entries it
    /// had whose phone falls there, so no two meet.
    private mutating func grow() {
        let count = entries.count * 2
        var grown = Array(repeating: HeardEntry(), count: count)
        for entry in entries where entry.phone >= 0 {
            grown[Int(entry.phone) & (count - 1)] = entry
        }
        entries = grown
    }

    /// The slots it has now.
    var capacity: Int { entries.count }

    /// The largest power of two not above `limit` (1 for a limit under 1).
    @inline(__always)
    static func powerOfTwo(atMost limit: Int) -> Int {
        limit < 2 ? 1 : 1 << (Int.bitWidth - 1 - limit.leadingZeroBitCount)
    }
}

/// One entry of `HeardTable`: 40 bytes.
struct HeardEntry {
    /// The phone's index; -1 in an empty slot.
    var phone: Int32 = -1
    /// The phone's stand `signal` is for (`PhoneEndpoint.standTag`); stale after it moves.
    var stand = UInt32.max
    var signal = ChannelSignal.silent
}
