import MizanTime

/// For each till, the scanning phones that may hear its advertising on the
/// signal model (`SignalAdvertising`): a bit per phone, by index, over the
/// span of indices of the phones that scan. A phone's bits are set when it
/// starts scanning (standing still, only the tills near enough that it could
/// hear them: `join(_:tills:)`) and again, every till's, whenever it takes a
/// new stand (`restand`, from its motion's observer); one is cleared when the phone, standing still,
/// finds that it can never hear the till in its stand: silent
/// (`HeldCache.keepSilent`: never heard, never spoiling a packet heard), or
/// too weak for any noise to lift it to the sensitivity (never heard, though
/// it may still spoil a packet: the phone's cache keeps it for that), until
/// it moves. An advertising event visits the phones whose bits are set, in
/// index order, as it once visited every phone that scans: the phones it
/// passes over are those whose visit would have done nothing.
///
/// So an event's cost follows the phones that can hear its till, not the
/// floor: on a row of 10,000 tills a phone hears a few hundred.
///
/// Cost: a phone starting a scan sets a bit per till it could hear (or every
/// till); taking a new stand sets a bit per till; stopping clears its bit in
/// the span of tills it joined (every till's after a new stand); an event reads its till's row (a word per 64
/// indices of the span) as it visits the phones set in it (`ListenerVisit`).
/// Memory: a bit per till and index of the span, and for each index the
/// phone there and the span of tills it joined; the span is rebuilt around the phones scanning when a
/// phone beyond it starts to scan.
///
/// Tracking ends for the run (`stop`), and the events visit every phone
/// scanning, which is what the audiences spare them, never what they hear:
/// when the span would take more than `maximumWords` words (a phone scanning
/// for hours while hundreds of thousands of others come and go), and when a
/// capture of the air begins (it records a silent till's packets still held
/// off, so no visit may be spared).
///
/// While it tracks, it keeps the phones unretained: a phone is in it exactly
/// while it is in `Listeners.scanners`, which keeps it alive, and an event
/// holds a copy of that list while it visits (a phone that stops scanning
/// mid-event stays alive, and is found gone here).
final class TillAudiences {
    /// The most words the rows and the phones may take (128 MiB): a 10,000-till floor's 10,000 phones take about 19 MB.
    static let maximumWords = 1 << 24

    /// Whether it still follows the phones (`maximumWords`).
    private(set) var isTracking = true
    private let maximumWords: Int
    /// The tills, each with a row.
    private var tills = 0
    /// The index of each row's first bit (a multiple of 64), and the words in a row.
    private var base = 0
    private var width = 0
    /// Till `t`'s row: words `t * width ..< (t + 1) * width`. Unchecked for exclusivity, as the
    /// medium's device tables: each access is a short read or write that calls nothing back.
    @exclusivity(unchecked) private var rows: [UInt64] = []
    /// The row of every phone that scans: a new till's row.
    @exclusivity(unchecked) private var scanning: [UInt64] = []
    /// The phone that scans at each index of the span (`index - base`).
    @exclusivity(unchecked) private var phones: [Borrowed<PhoneEndpoint>?] = []
    /// The tills whose rows may hold the bit of the phone at each index of the span (those it joined,
    /// or every till when it takes a new stand), so that a phone leaving clears no other row; and the
    /// first till added while a phone scanned (it, and every later one, may hold any phone's bit).
    @exclusivity(unchecked) private var joined: [Range<Int>] = []
    private var lateTills = Int.max
    /// Each till's phones scanning that its events visit (their bits set), and the phones scanning.
    @exclusivity(unchecked) private var audienceCounts: [Int] = []
    private var scanningCount = 0
    /// The visits that read an audience rather than every phone scanning (`ListenerVisit`): a
    /// count for tests, which check that a floor took that path.
    @exclusivity(unchecked) var audienceVisits = 0

    init(maximumWords: Int = TillAudiences.maximumWords) {
        self.maximumWords = maximumWords
    }

    /// A till is added (its index the next): every phone scanning may hear it.
    func addTill() {
        tills += 1
        guard isTracking else { return }
        guard words(tills: tills, width: width) <= maximumWords else { return stop() }
        rows.append(contentsOf: scanning)
        audienceCounts.append(scanningCount)
        if scanningCount > 0 { lateTills = Swift.min(lateTills, tills - 1) }
        generation &+= 1
    }

    /// The phone starts scanning: it may hear every till, or only `tills` (indices, each once):
    /// the others' events pass it over (a phone standing still beyond their reach).
    func join(_ phone: PhoneEndpoint, tills heard: ArraySlice<Int>? = nil) {
        guard isTracking, cover(phone.index) else { return }
        let slot = phone.index - base
        // A phone scanning already (a new scan): its bits go first.
        if phones[slot] != nil { clearEveryRow(slot) } else { scanningCount += 1 }
        phones[slot] = Borrowed(phone)
        scanning[slot >> 6] |= 1 << UInt64(slot & 63)
        if let heard { setRows(slot, of: heard) } else { setRows(slot, of: 0..<tills) }
        phone.audiences = self
    }

    /// The phone stops scanning.
    func leave(_ phone: PhoneEndpoint) {
        phone.audiences = nil
        let slot = phone.index - base
        guard slot >= 0, slot < phones.count, phones[slot] != nil else { return }
        phones[slot] = nil
        scanningCount -= 1
        scanning[slot >> 6] &= ~(1 << UInt64(slot & 63))
        clearEveryRow(slot)
        // No phone scanning: no row holds a bit, the late tills' included.
        if scanningCount == 0 { lateTills = .max }
    }

    /// Clears the bit at `slot` in every till's row: in the rows it may be set in (`joined`).
    private func clearEveryRow(_ slot: Int) {
        let word = slot >> 6, bit: UInt64 = 1 << UInt64(slot & 63)
        let set = joined[slot], late = Swift.min(lateTills, tills)..<tills
        rows.withUnsafeMutableBufferPointer { rows in
            audienceCounts.withUnsafeMutableBufferPointer { audience in
                func clear(_ span: Range<Int>) {
                    for till in span where rows[till * width + word] & bit != 0 {
                        audience[till] -= 1
                        rows[till * width + word] &= ~bit
                    }
                }
                clear(set.clamped(to: 0..<tills))
                clear(late)
            }
        }
        joined[slot] = 0..<0
    }

    /// The phone takes a new stand: it may hear every till again.
    func restand(_ phone: PhoneEndpoint) {
        guard isTracking else { return }
        let slot = phone.index - base
        guard slot >= 0, slot < phones.count, phones[slot] != nil else { return }
        setRows(slot, of: 0..<tills)
    }

    /// The phone, standing still, found it can never hear the till in its stand (silent, or too
    /// weak for any noise to lift to the sensitivity; a till of the floor when its scan began):
    /// the till's events pass it over until it moves.
    @inline(__always)
    func silence(till: Int, phone: Int) {
        let slot = phone - base
        guard till < tills, slot >= 0, slot < width << 6 else { return }
        let at = till * width + slot >> 6, bit: UInt64 = 1 << UInt64(slot & 63)
        guard rows[at] & bit != 0 else { return }
        rows[at] &= ~bit
        audienceCounts[till] -= 1
    }

    /// How many of the phones scanning `till`'s events pass over: when few, a visit of every
    /// phone scanning costs less than reading the row (`ListenerVisit`); the phones visited
    /// differ only by those that would do nothing.
    @inline(__always)
    func passedOver(till: Int) -> Int {
        till < audienceCounts.count ? scanningCount - audienceCounts.withUnsafeBufferPointer { $0[till] } : 0
    }

    /// Bumped whenever a bit may have been set or the rows moved (a phone joins or takes a new
    /// stand, a till is added, the span is rebuilt, tracking stops): a visit reading a row word
    /// by word reads its word again then.
    @exclusivity(unchecked) private(set) var generation = 0

    /// Where `till`'s row is now: its first word in the rows (`rowWord`), the phone index of its
    /// first bit and its words (none for a till without a row). Changed only with `generation`.
    @inline(__always)
    func layout(of till: Int) -> (first: Int, base: Int, words: Int) {
        till < tills ? (till * width, base, width) : (0, base, 0)
    }

    /// Word `at` of the rows (`layout(of:)`).
    @inline(__always)
    func rowWord(_ at: Int) -> UInt64 {
        rows.withUnsafeBufferPointer { $0[at] }
    }

    /// The phone scanning with index `index`, if any.
    @inline(__always)
    func phone(at index: Int) -> Borrowed<PhoneEndpoint>? {
        let slot = index - base
        guard slot >= 0, slot < phones.count else { return nil }
        return phones.withUnsafeBufferPointer { $0[slot] }
    }

    /// Sets the bit at `slot` in the rows of `heard` (tills, each once), the span of tills it may be
    /// set in (`joined`) widened to take them in.
    private func setRows(_ slot: Int, of heard: some Sequence<Int>) {
        generation &+= 1
        let word = slot >> 6, bit: UInt64 = 1 << UInt64(slot & 63)
        var low = joined[slot].isEmpty ? Int.max : joined[slot].lowerBound, high = joined[slot].isEmpty ? Int.min : joined[slot].upperBound - 1
        rows.withUnsafeMutableBufferPointer { rows in
            audienceCounts.withUnsafeMutableBufferPointer { audience in
                for till in heard {
                    (low, high) = (Swift.min(low, till), Swift.max(high, till))
                    guard rows[till * width + word] & bit == 0 else { continue }
                    audience[till] += 1
                    rows[till * width + word] |= bit
                }
            }
        }
        if low <= high { joined[slot] = low..<high + 1 }
    }

    /// Makes the span cover phone index `index`: if it does not, rebuilds it around the phones
    /// scanning and `index`, with half as much again above for the phones to come. False, the
    /// tracking ended, when that would pass `maximumWords`.
    private func cover(_ index: Int) -> Bool {
        precondition(index >= 0, "a phone's index is never negative")
        let word = index >> 6, first = base >> 6
        if width > 0, word >= first, word < first + width { return true }
        var low = word, high = word
        for slot in scanning.indices where scanning[slot] != 0 {
            low = Swift.min(low, first + slot)
            high = Swift.max(high, first + slot)
        }
        let span = high - low + 1
        let newWidth = span + span / 2 + 1
        guard words(tills: tills, width: newWidth) <= maximumWords else {
            stop()
            return false
        }
        rebuild(firstWord: low, width: newWidth)
        return true
    }

    /// The words the rows and the phones take for `tills` tills over `width` words of span
    /// (`Int.max` past what an `Int` counts).
    private func words(tills: Int, width: Int) -> Int {
        let (rows, over) = (tills + 1).multipliedReportingOverflow(by: width)
        let (total, past) = rows.addingReportingOverflow(width << 6)
        return over || past || width > Int.max >> 7 ? .max : total
    }

    /// Ends the tracking for the run, its storage released.
    func stop() {
        guard isTracking else { return }
        isTracking = false
        rows = []
        scanning = []
        phones = []
        joined = []
        audienceCounts = []
        scanningCount = 0
        width = 0
        generation &+= 1
    }

    /// The rows, the scanning row and the phones moved into a span of `newWidth` words from word `firstWord`.
    private func rebuild(firstWord: Int, width newWidth: Int) {
        let oldFirst = base >> 6
        // The words the old and new spans share, as offsets into each.
        let from = Swift.max(firstWord, oldFirst), to = Swift.min(firstWord + newWidth, oldFirst + width)
        var newRows = Array(repeating: UInt64(0), count: tills * newWidth)
        var newScanning = Array(repeating: UInt64(0), count: newWidth)
        var newPhones = [Borrowed<PhoneEndpoint>?](repeating: nil, count: newWidth << 6)
        var newJoined = [Range<Int>](repeating: 0..<0, count: newWidth << 6)
        if from < to {
            for word in from..<to {
                newScanning[word - firstWord] = scanning[word - oldFirst]
                for bit in 0..<64 {
                    newPhones[(word - firstWord) << 6 + bit] = phones[(word - oldFirst) << 6 + bit]
                    newJoined[(word - firstWord) << 6 + bit] = joined[(word - oldFirst) << 6 + bit]
                }
            }
            for till in 0..<tills {
                for word in from..<to { newRows[till * newWidth + word - firstWord] = rows[till * width + word - oldFirst] }
            }
        }
        rows = newRows
        scanning = newScanning
        phones = newPhones
        joined = newJoined
        base = firstWord << 6
        width = newWidth
        generation &+= 1
    }
}
