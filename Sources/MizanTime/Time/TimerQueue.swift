/// Pending timers in a binary min-heap ordered by (deadline, insertion
/// sequence), so timers with equal deadlines fire in the order they were set.
///
/// Insert, pop and cancel are O(log n); cancellation is eager (the entry leaves
/// the heap at once), so `count` and `nextDeadline` are exact. Payloads live in
/// a slot table that records each timer's heap index; slots and heap storage
/// are reused, so a steady stream of timers allocates nothing.
///
/// Not thread-safe: it belongs to one `VirtualClock`.
package struct TimerQueue<Payload> {
    /// A heap entry: the ordering key and where the payload is. The deadline
    /// is kept as attoseconds since the start (`Int128`, compared inline),
    /// because `Duration`'s own comparison is an opaque call into the runtime.
    private struct Entry {
        var deadline: Int128
        var sequence: UInt64
        var slot: Int

        var instant: VirtualInstant { VirtualInstant(sinceStart: Duration(attoseconds: deadline)) }

        @inline(__always)
        func fires(before other: Entry) -> Bool {
            deadline < other.deadline || (deadline == other.deadline && sequence < other.sequence)
        }
    }

    private var heap: [Entry] = []
    // The slot table, as parallel arrays so that the sifts touch only the
    // dense `heapIndex` array. A free slot has sequence 0 and heap index -1;
    // a reserved one (see `reserve`) has its sequence and heap index -1.
    private var payloads: [Payload?] = []
    private var slotSequence: [UInt64] = []
    private var heapIndex: [Int] = []
    private var freeSlots: [Int] = []
    private var nextSequence: UInt64 = 1

    /// How many timers are pending.
    var count: Int { heap.count }

    var isEmpty: Bool { heap.isEmpty }

    /// The deadline of the timer that fires next, if any.
    var nextDeadline: VirtualInstant? { heap.first?.instant }

    /// Adds a timer; it fires after every pending timer with an earlier or equal deadline.
    mutating func insert(_ payload: Payload, at deadline: VirtualInstant) -> TimerID {
        let id = reserve()
        fill(id, with: payload, at: deadline)
        return id
    }

    /// Takes an identifier and a slot for a timer that is not pending yet (see
    /// `fill`), so that the identifier can be handed out before the payload exists.
    mutating func reserve() -> TimerID {
        let sequence = nextSequence
        nextSequence += 1
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slotSequence[slot] = sequence
        } else {
            slot = payloads.count
            payloads.append(nil)
            slotSequence.append(sequence)
            heapIndex.append(-1)
        }
        return TimerID(slot: slot, sequence: sequence)
    }

    /// Makes a reserved timer pending.
    mutating func fill(_ id: TimerID, with payload: Payload, at deadline: VirtualInstant) {
        precondition(isReserved(id), "fill(_:with:at:) needs a reserved, not yet pending timer")
        payloads[id.slot] = payload
        heap.append(Entry(deadline: deadline.sinceStart.attoseconds, sequence: id.sequence, slot: id.slot))
        siftUp(from: heap.count - 1)
    }

    /// Gives back a reserved timer that will not be filled.
    mutating func release(_ id: TimerID) {
        precondition(isReserved(id), "release(_:) needs a reserved, not yet pending timer")
        freeSlot(id.slot)
    }

    /// Removes and returns the next timer if its deadline is not after `limit`
    /// (any deadline when `limit` is nil).
    mutating func popFirst(notAfter limit: VirtualInstant? = nil) -> (deadline: VirtualInstant, payload: Payload)? {
        guard let first = heap.first else { return nil }
        if let limit, first.deadline > limit.sinceStart.attoseconds { return nil }
        let payload = takePayload(slot: first.slot)
        removeFirstEntry()
        return (first.instant, payload)
    }

    /// Removes a pending timer and returns its payload; nil if `id` is not
    /// pending (already fired, cancelled, or only reserved).
    mutating func remove(_ id: TimerID) -> Payload? {
        guard id.slot >= 0, id.slot < payloads.count,
              slotSequence[id.slot] == id.sequence,
              heapIndex[id.slot] >= 0
        else { return nil }
        let index = heapIndex[id.slot]
        let payload = takePayload(slot: id.slot)
        removeHeapEntry(at: index)
        return payload
    }

    // MARK: Slots and heap

    private func isReserved(_ id: TimerID) -> Bool {
        id.slot >= 0 && id.slot < payloads.count
            && slotSequence[id.slot] == id.sequence && heapIndex[id.slot] < 0
    }

    private mutating func takePayload(slot: Int) -> Payload {
        let payload = payloads[slot].take()!
        freeSlot(slot)
        return payload
    }

    private mutating func freeSlot(_ slot: Int) {
        slotSequence[slot] = 0
        heapIndex[slot] = -1
        freeSlots.append(slot)
    }

    /// Removes the entry at `index` (its slot already freed) and restores the heap.
    private mutating func removeHeapEntry(at index: Int) {
        let last = heap.removeLast()
        guard index < heap.count else { return }
        heap[index] = last
        if index > 0, last.fires(before: heap[(index - 1) / 2]) {
            siftUp(from: index)
        } else {
            siftDown(from: index)
        }
    }

    /// Removes the first entry (its slot already freed): the hole it leaves
    /// goes down to a leaf along the earlier child, one comparison a level,
    /// and the last entry fills it, sifted up from there (usually a level or
    /// none). The order of (deadline, sequence) is total, so the entries pop
    /// in the same order as with a sift-down of the last entry from the root,
    /// with about half the comparisons.
    private mutating func removeFirstEntry() {
        let last = heap.removeLast()
        let count = heap.count
        guard count > 0 else { return }
        heap.withUnsafeMutableBufferPointer { heap in
            heapIndex.withUnsafeMutableBufferPointer { heapIndex in
                var index = 0
                while true {
                    let left = 2 * index + 1
                    guard left < count else { break }
                    let right = left + 1
                    let child = right < count && heap[right].fires(before: heap[left]) ? right : left
                    heap[index] = heap[child]
                    heapIndex[heap[index].slot] = index
                    index = child
                }
                Self.place(last, from: index, heap, heapIndex)
            }
        }
    }

    private mutating func siftUp(from start: Int) {
        heap.withUnsafeMutableBufferPointer { heap in
            heapIndex.withUnsafeMutableBufferPointer { heapIndex in
                Self.place(heap[start], from: start, heap, heapIndex)
            }
        }
    }

    /// Puts `entry` at `start` or, moving the entries it fires before down a
    /// level each, at the highest ancestor of `start` it fires before.
    @inline(__always)
    private static func place(_ entry: Entry, from start: Int, _ heap: UnsafeMutableBufferPointer<Entry>,
                              _ heapIndex: UnsafeMutableBufferPointer<Int>) {
        var index = start
        while index > 0 {
            let parent = (index - 1) / 2
            guard entry.fires(before: heap[parent]) else { break }
            heap[index] = heap[parent]
            heapIndex[heap[index].slot] = index
            index = parent
        }
        heap[index] = entry
        heapIndex[entry.slot] = index
    }

    private mutating func siftDown(from start: Int) {
        heap.withUnsafeMutableBufferPointer { heap in
            heapIndex.withUnsafeMutableBufferPointer { heapIndex in
                let entry = heap[start]
                let count = heap.count
                var index = start
                while true {
                    let left = 2 * index + 1
                    guard left < count else { break }
                    let right = left + 1
                    let child = right < count && heap[right].fires(before: heap[left]) ? right : left
                    guard heap[child].fires(before: entry) else { break }
                    heap[index] = heap[child]
                    heapIndex[heap[index].slot] = index
                    index = child
                }
                heap[index] = entry
                heapIndex[entry.slot] = index
            }
        }
    }
}
