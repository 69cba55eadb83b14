import MizanRadio
import MizanTime
/// A ledger's records of one kind, numbered from 0 as they are opened. It keeps
/// every record (the default), or, when the ledger streams, the first
/// `keepFirst` (for pictures and replays) and then only the records still in
/// use: a record released after its transaction settled is gone.
struct RecordStore<Record> {
    /// Records 0..<prefix.count: every record when nothing is released.
    private(set) var prefix: [Record] = []
    /// Records numbered `keepFirst` and up that are still in use (streaming only).
    private var rest: [Int: Record] = [:]
    /// How many records have been opened.
    private(set) var count = 0
    let keepFirst: Int

    init(keepFirst: Int = .max) { self.keepFirst = keepFirst }

    mutating func append(_ record: Record) -> Int {
        let index = count
        count += 1
        if index < keepFirst { prefix.append(record) } else { rest[index] = record }
        return index
    }

    func contains(_ index: Int) -> Bool {
        (0..<prefix.count).contains(index) || rest[index] != nil
    }

    func record(_ index: Int) -> Record? {
        (0..<prefix.count).contains(index) ? prefix[index] : rest[index]
    }

    /// A record in use. The ledger asks only for records it has not released.
    subscript(index: Int) -> Record {
        // Borrowed, not copied: reading one field of a record does not copy
        // the whole record (and retain and release its strings) first.
        _read {
            if (0..<prefix.count).contains(index) {
                yield prefix[index]
            } else {
                guard let position = rest.index(forKey: index) else { preconditionFailure("TransactionLedger: record \(index) was released") }
                yield rest.values[position]
            }
        }
        // In place: a field written does not copy the record out and back.
        _modify {
            if index < prefix.count {
                yield &prefix[index]
            } else {
                guard let position = rest.index(forKey: index) else { preconditionFailure("TransactionLedger: record \(index) was released") }
                yield &rest.values[position]
            }
        }
    }

    /// Several fields of one record in use written (and read) in one access: one look-up, not one per field.
    mutating func update<T>(_ index: Int, _ body: (inout Record) -> T) -> T {
        body(&self[index])
    }

    /// Forgets a record past the kept prefix and returns it; the prefix stays.
    mutating func release(_ index: Int) -> Record? {
        index < prefix.count ? nil : rest.removeValue(forKey: index)
    }

    /// Every record still held, by number.
    var held: [Record] {
        prefix + rest.keys.sorted().compactMap { rest[$0] }
    }

    func allSatisfy(_ predicate: (Record) -> Bool) -> Bool {
        prefix.allSatisfy(predicate) && rest.values.allSatisfy(predicate)
    }
}
