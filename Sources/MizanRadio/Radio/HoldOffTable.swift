/// The iOS hold-offs of a scanning phone (`PhoneEndpoint.holdOffs`), by till
/// index: an open-addressing table (linear probing from the till's index, at
/// most seven eighths full) with an entry for each till it has reported in
/// its scan, never one for every till of the floor.
///
/// Tills' indices are small consecutive numbers and the tills a phone reports
/// are near each other in index, so a table at least as large as the floor
/// finds each till in its own slot at the first probe, as an array would, and
/// a smaller one finds a run of neighbours in a run of slots.
struct HoldOffTable {
    private var entries: [HoldOff] = []
    private(set) var count = 0

    /// The slot holding `till`, or -1.
    @inline(__always)
    func slot(of till: Int) -> Int {
        entries.withUnsafeBufferPointer { entries in
            let capacity = entries.count
            guard capacity > 0 else { return -1 }
            var slot = till < capacity ? till : till % capacity
            while true {
                let key = Int(entries[slot].till)
                if key == till { return slot }
                if key < 0 { return -1 }
                slot = slot + 1 == capacity ? 0 : slot + 1
            }
        }
    }

    /// The slot holding `till`, made (no hold-off yet) if missing.
    mutating func slotInserting(_ till: Int) -> Int {
        let found = slot(of: till)
        if found >= 0 { return found }
        if (count + 1) * 8 > entries.count * 7 { rebuild(capacity: Self.capacity(for: 2 * (count + 1))) }
        let capacity = entries.count
        var slot = till < capacity ? till : till % capacity
        while entries[slot].till >= 0 { slot = slot + 1 == capacity ? 0 : slot + 1 }
        entries[slot] = HoldOff(till: till)
        count += 1
        return slot
    }

    subscript(slot: Int) -> HoldOff {
        @inline(__always) get { entries[slot] }
        @inline(__always) set { entries[slot] = newValue }
    }

    mutating func removeAll() {
        entries = []
        count = 0
    }

    /// The size, at least 16, that holds `entries` at most seven eighths full.
    private static func capacity(for entries: Int) -> Int {
        Swift.max(16, (entries * 8 + 6) / 7)
    }

    private mutating func rebuild(capacity: Int) {
        let old = entries
        entries = Array(repeating: HoldOff(till: -1), count: capacity)
        count = 0
        for entry in old where entry.till >= 0 { self[slotInserting(Int(entry.till))] = entry }
    }
}

/// One till's iOS hold-off at a phone (`HoldOffTable`).
struct HoldOff {
    /// The till's index; -1 in an empty slot.
    let till: Int32
    /// No report of the till before this time (s).
    var reportableFrom = -Double.infinity

    init(till: Int) {
        self.till = Int32(truncatingIfNeeded: till)
    }
}
