/// A FIFO ring buffer of jobs with a power-of-two capacity that doubles when
/// full and never shrinks, so a running simulation enqueues without allocating.
///
/// Not thread-safe: it belongs to one `SimulationExecutor`.
package struct JobQueue {
    private var buffer: ContiguousArray<UnownedJob?>
    private var head = 0
    private var mask: Int

    /// How many jobs are waiting.
    private(set) var count = 0

    init(initialCapacity: Int = 256) {
        var capacity = 1
        while capacity < initialCapacity { capacity <<= 1 }
        buffer = ContiguousArray(repeating: nil, count: capacity)
        mask = capacity - 1
    }

    var isEmpty: Bool { count == 0 }

    mutating func append(_ job: UnownedJob) {
        if count == buffer.count { grow() }
        buffer[(head + count) & mask] = job
        count += 1
    }

    mutating func popFirst() -> UnownedJob? {
        guard count > 0 else { return nil }
        let job = buffer[head]
        head = (head + 1) & mask
        count -= 1
        return job
    }

    /// Doubles the capacity, moving the waiting jobs to the front in order.
    private mutating func grow() {
        var larger = ContiguousArray<UnownedJob?>(repeating: nil, count: buffer.count * 2)
        for offset in 0..<count {
            larger[offset] = buffer[(head + offset) & mask]
        }
        buffer = larger
        head = 0
        mask = buffer.count - 1
    }
}
