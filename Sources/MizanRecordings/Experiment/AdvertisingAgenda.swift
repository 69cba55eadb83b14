/// When each till of an experiment's row advertises next: the earliest first
/// (the lowest till on a tie), in a binary heap, so that finding it and moving
/// it on cost log(tills) rather than a pass over every till.
struct AdvertisingAgenda {
    /// A heap on (time, till).
    private var entries: [(at: Double, till: Int)]

    /// Till `i` advertises first at `times[i]`.
    init(_ times: [Double]) {
        entries = times.enumerated().map { ($0.element, $0.offset) }
        for index in stride(from: entries.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    /// The earliest advertising and its till (the lowest till of those tied).
    var first: (at: Double, till: Int) { entries[0] }

    /// The first till's next advertising is at `time`.
    mutating func moveFirst(to time: Double) {
        entries[0].at = time
        siftDown(0)
    }

    private static func before(_ a: (at: Double, till: Int), _ b: (at: Double, till: Int)) -> Bool {
        a.at < b.at || (a.at == b.at && a.till < b.till)
    }

    private mutating func siftDown(_ start: Int) {
        var index = start
        while true {
            let left = 2 * index + 1, right = left + 1
            var smallest = index
            if left < entries.count, Self.before(entries[left], entries[smallest]) { smallest = left }
            if right < entries.count, Self.before(entries[right], entries[smallest]) { smallest = right }
            guard smallest != index else { return }
            entries.swapAt(index, smallest)
            index = smallest
        }
    }
}
