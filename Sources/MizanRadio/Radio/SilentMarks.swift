/// The tills a phone standing still can neither hear nor be spoiled by where
/// it stands (`PhoneEndpoint.silentMarks`): a bit per till, for one stand.
/// On a floor of thousands of tills, most of them too far, those take a bit
/// each and no entry in their tills' tables (`HeardTable`), so those tables
/// follow the phones that hear a till. The marks hold for their stand,
/// whichever scan found them.
struct SilentMarks {
    /// One bit per till index: silent in the stand `silentStand`.
    private var silent: [UInt64] = []
    private var silentStand = UInt32.max

    /// A scan starts on a floor of `tills` tills: a bit for each. The marks stay while they have
    /// a bit each; a floor of another size forgets them.
    mutating func prepare(tills: Int) {
        let words = (tills + 63) / 64
        if silent.count != words {
            silent = Array(repeating: 0, count: words)
            silentStand = UInt32.max
        }
    }

    /// Calls `body` with each till found silent in stand `stand`, in index order.
    func forEachSilent(stand: UInt32, _ body: (Int) -> Void) {
        guard stand == silentStand else { return }
        for word in silent.indices {
            var bits = silent[word]
            while bits != 0 {
                body(word << 6 + bits.trailingZeroBitCount)
                bits &= bits &- 1
            }
        }
    }

    /// Whether `till` was found silent in stand `stand` (`keepSilent`).
    @inline(__always)
    func isSilent(till: Int, stand: UInt32) -> Bool {
        guard stand == silentStand, till >> 6 < silent.count else { return false }
        return silent[till >> 6] & (1 << UInt64(till & 63)) != 0
    }

    /// Whether it has a mark for `till`: a till of the floor when the scan began.
    @inline(__always)
    func marks(till: Int) -> Bool {
        till >> 6 < silent.count
    }

    /// Marks `till` silent in stand `stand`: the marks of an earlier stand are cleared first.
    /// False, nothing kept, for a till added after the scan began (no bit for it).
    @inline(__always) @discardableResult
    mutating func keepSilent(till: Int, stand: UInt32) -> Bool {
        guard till >> 6 < silent.count else { return false }
        if stand != silentStand {
            silent.withUnsafeMutableBufferPointer { words in
                for index in words.indices { words[index] = 0 }
            }
            silentStand = stand
        }
        silent[till >> 6] |= 1 << UInt64(till & 63)
        return true
    }
}
