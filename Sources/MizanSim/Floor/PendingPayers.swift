import MizanRadio
import MizanTime
/// Payers on the floor from the start who have not acted yet. Creating them
/// all at once cost memory in proportion to their number (10 million idle
/// payers took 14.6 GB); they are created when first needed, with the very
/// draws they would have had: `cursor` is the payers' stream where the first
/// of them drew, and walks forward; draws of payers it walks past are kept
/// until those payers are created (a few per till, as queues move together).
///
/// A payer far ahead of the cursor (a fault naming payer 10,000,000 on a
/// floor of idle payers) is drawn from the nearest checkpoint before it
/// instead (the stream's state every `block` payers, recorded as the floor
/// was set up), so that the cursor never walks past, and keeps, millions of
/// draws at once (1.4 GB for that fault).
struct PendingPayers {
    /// Payer `first + k` draws the `k`-th draw block from the cursor's start.
    var cursor: SeededGenerator
    var next: Int
    let first: Int
    let end: Int
    /// Draws walked past, by payer index, until the payer is created.
    var kept: [Int: PayerDraw] = [:]
    /// Payers created from a checkpoint, ahead of the cursor: it passes over them.
    var ahead: Set<Int> = []
    /// The stream's state where payer `first + k * block` draws.
    var checkpoints: [SeededGenerator] = []
    /// The till payer `index` queues at.
    let till: @Sendable (Int) -> Int

    /// Payers between checkpoints: a payer drawn from one walks at most this many draws.
    static let block = 1 << 10
    /// How far ahead of the cursor a payer is walked to rather than drawn from a checkpoint:
    /// the most draws the cursor keeps in one walk.
    static let reach = 1 << 16

    init(cursor: SeededGenerator, first: Int, end: Int, till: @escaping @Sendable (Int) -> Int) {
        self.cursor = cursor
        self.next = first
        self.first = first
        self.end = end
        self.till = till
    }

    func covers(_ index: Int) -> Bool {
        index < end && ((index >= next && !ahead.contains(index)) || kept[index] != nil)
    }

    /// Records the stream's state before payer `index` draws, where a checkpoint falls.
    mutating func passing(_ index: Int, stream: SeededGenerator) {
        if (index - first) % Self.block == 0 { checkpoints.append(stream) }
    }

    /// Payer `index`'s draws (`covers(index)`), each drawn by `draw` from the stream where the payer drew.
    mutating func take(_ index: Int, draw: (inout SeededGenerator) -> PayerDraw) -> PayerDraw {
        if let kept = kept.removeValue(forKey: index) { return kept }
        if index - next > Self.reach, (index - first) / Self.block < checkpoints.count {
            var stream = checkpoints[(index - first) / Self.block]
            for _ in 0..<(index - first) % Self.block { _ = draw(&stream) }
            ahead.insert(index)
            return draw(&stream)
        }
        while next < index {
            let payer = draw(&cursor)
            if ahead.remove(next) == nil { kept[next] = payer }
            next += 1
        }
        next += 1
        return draw(&cursor)
    }
}
