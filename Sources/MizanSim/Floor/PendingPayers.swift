import MizanRadio
import MizanTime
/// Payers on the floor from the start who have not acted yet. Creating them
/// all at once cost memory in proportion to their number (10 million idle
/// payers took 14.6 GB); they are created when first needed, with the very
/// draws they would have had: `cursor` is the payers' stream where the first
/// of them drew, and walks forward; draws of payers it walks past are kept
/// until those payers are created (a few per till, as queues move together).
struct PendingPayers {
    /// Payer `first + k` draws the `k`-th draw block from the cursor's start.
    var cursor: SeededGenerator
    var next: Int
    let end: Int
    /// Draws walked past, by payer index, until the payer is created.
    var kept: [Int: PayerDraw] = [:]
    /// The till payer `index` queues at.
    let till: @Sendable (Int) -> Int

    init(cursor: SeededGenerator, first: Int, end: Int, till: @escaping @Sendable (Int) -> Int) {
        self.cursor = cursor
        self.next = first
        self.end = end
        self.till = till
    }

    func covers(_ index: Int) -> Bool { index < end && (index >= next || kept[index] != nil) }
}
