import MizanRadio
import MizanTime
/// Payers on the floor from the start who have not acted yet. Creating them
/// all at once cost memory in proportion to their number (10 million idle
/// payers took 14.6 GB); they are created when first needed, with the very
/// draws they would have had: `cursor` is the payers' stream where the first
/// of them drew, and walks forward; draws of payers it walks past are kept
/// until those payers are created (a few per till, as queues move together).
///
/// The draws walked past are a cache of at most `reach` payers: a payer far
/// ahead of the cursor (a fault naming payer 10,000,000 on a floor of idle
/// payers), or one behind it whose draws were not kept, is drawn from the
/// nearest checkpoint before it (the stream's state every `block` payers,
/// recorded as the floor was set up), so that the cursor never walks past,
/// and keeps, millions of draws (1.4 GB for that fault). Which payers have
/// been created is a bit each, so a payer is never created twice.
struct PendingPayers {
    /// Payer `first + k` draws the `k`-th draw block from the cursor's start.
    var cursor: SeededGenerator
    var next: Int
    let first: Int
    let end: Int
    /// Draws walked past, by payer index, until the payer is created (at most `reach`).
    var kept: [Int: PayerDraw] = [:]
    /// A bit per payer `first..<end`: set once the payer is created.
    private var created: [UInt64]
    /// The stream's state where payer `first + k * block` draws.
    var checkpoints: [SeededGenerator] = []
    /// The till payer `index` queues at.
    let till: @Sendable (Int) -> Int

    /// Payers between checkpoints: a payer drawn from one walks at most this many draws.
    static let block = 1 << 10
    /// How far ahead of the cursor a payer is walked to rather than drawn from a checkpoint,
    /// and the most draws kept.
    static let reach = 1 << 16

    init(cursor: SeededGenerator, first: Int, end: Int, till: @escaping @Sendable (Int) -> Int) {
        self.cursor = cursor
        self.next = first
        self.first = first
        self.end = end
        self.till = till
        created = [UInt64](repeating: 0, count: (end - first + 63) / 64)
    }

    func covers(_ index: Int) -> Bool {
        index >= first && index < end && !isCreated(index)
    }

    private func isCreated(_ index: Int) -> Bool {
        created[(index - first) >> 6] & (1 << UInt64((index - first) & 63)) != 0
    }

    /// Records the stream's state before payer `index` draws, where a checkpoint falls.
    mutating func passing(_ index: Int, stream: SeededGenerator) {
        if (index - first) % Self.block == 0 { checkpoints.append(stream) }
    }

    /// Payer `index`'s draws (`covers(index)`), each drawn by `draw` from the stream where the
    /// payer drew; the payer is created.
    mutating func take(_ index: Int, draw: (inout SeededGenerator) -> PayerDraw) -> PayerDraw {
        created[(index - first) >> 6] |= 1 << UInt64((index - first) & 63)
        if let kept = kept.removeValue(forKey: index) { return kept }
        guard index >= next, index - next <= Self.reach else {
            var stream = checkpoints[(index - first) / Self.block]
            for _ in 0..<(index - first) % Self.block { _ = draw(&stream) }
            return draw(&stream)
        }
        while next < index {
            let payer = draw(&cursor)
            if kept.count < Self.reach && !isCreated(next) { kept[next] = payer }
            next += 1
        }
        next += 1
        return draw(&cursor)
    }
}
