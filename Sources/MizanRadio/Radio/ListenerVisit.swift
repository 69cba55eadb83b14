import MizanTime

/// The phones one advertising event visits, in index order, each borrowed
/// (`Listeners.visit(hearing:)`): on isolated pairs the till's own phone, if it scans;
/// with audiences (the signal model), when the till's audience passes over
/// at least half the phones scanning, that audience, read as the visit goes
/// (a phone that moves or starts a new scan before its turn is visited as it
/// is then; one that stops scanning is passed over), less the phones that
/// were not scanning when the visit began; else every phone scanning when it
/// began (the caller asks whether each still scans). The two differ only by
/// visits that would find the phone can never hear the till and do nothing; the audience costs
/// more per phone visited (a row read word by word), so it pays only where
/// it spares many. If the audiences stop tracking during the visit, it goes
/// on through the phones scanning when it began, from the next index.
///
/// It holds the list of phones scanning when it began, which keeps each of
/// them alive while it is visited (one that decides may stop scanning, and
/// leave the list, mid-event).
struct ListenerVisit {
    private enum Source {
        case own
        case audience
        case scanners
    }

    private var source: Source
    /// The phones scanning when the visit began, in index order (none on isolated pairs).
    private let scanners: [PhoneEndpoint]
    /// Isolated pairs: the till's own phone, until visited.
    private var own: Borrowed<PhoneEndpoint>?
    private let audiences: TillAudiences?
    /// `Listeners.joins` when the visit began: a phone whose `scanJoin` is past it started
    /// scanning since, and may not have been scanning then.
    private let joinsBefore: Int
    private let till: Int
    /// The index of the last phone visited (audience), or the position of the next (scanners).
    private var cursor: Int
    /// Audience: the till's row as last read (`TillAudiences.layout(of:)`) when the audiences'
    /// `generation` was `generation` (a bit set since: read it again from the cursor on), the
    /// word under way and its bits not yet visited.
    private var generation = -1
    private var row = (first: 0, base: 0, words: 0)
    private var word = 0
    private var bits: UInt64 = 0

    init(till: TillEndpoint, listeners: Listeners) {
        self.till = till.index
        joinsBefore = listeners.joins
        cursor = 0
        switch listeners.audibility {
        case .ownTillOnly:
            // `ownPhones` keeps it alive.
            source = .own
            own = Listeners.scanningOwnPhone(of: till)
            scanners = []
            audiences = nil
        case .everyone:
            scanners = listeners.scanners
            // The audience when it spares at least half the visits (`TillAudiences.passedOver(till:)`).
            if let audiences = listeners.audiences, audiences.isTracking, case let passedOver = audiences.passedOver(till: till.index),
               passedOver > 0, passedOver * 2 >= scanners.count {
                source = .audience
                self.audiences = audiences
                audiences.audienceVisits &+= 1
                cursor = -1
            } else {
                source = .scanners
                audiences = nil
            }
        }
    }

    /// The next phone to visit, or nil when there are no more.
    @inline(__always)
    mutating func next() -> Borrowed<PhoneEndpoint>? {
        switch source {
        case .audience:
            return nextInAudience()
        case .scanners:
            guard cursor < scanners.count else { return nil }
            defer { cursor += 1 }
            return scanners.withUnsafeBufferPointer { Borrowed($0[cursor]) }
        case .own:
            defer { own = nil }
            return own
        }
    }

    @inline(__always)
    private mutating func nextInAudience() -> Borrowed<PhoneEndpoint>? {
        guard let audiences else { return nil }
        if generation != audiences.generation {
            guard audiences.isTracking else {
                // Stopped during the visit: on through the phones scanning when it began.
                source = .scanners
                cursor = Listeners.position(of: cursor + 1, in: scanners) { $0.index }
                return next()
            }
            // From the phone after the last visited, in the row as it is now.
            generation = audiences.generation
            row = audiences.layout(of: till)
            let from = Swift.max(cursor + 1 - row.base, 0)
            word = from >> 6
            guard word < row.words else {
                bits = 0
                return nil
            }
            bits = audiences.rowWord(row.first + word) & (~0 &<< UInt64(from & 63))
        }
        while true {
            while bits == 0 {
                word += 1
                guard word < row.words else { return nil }
                bits = audiences.rowWord(row.first + word)
            }
            let index = row.base &+ word &<< 6 &+ bits.trailingZeroBitCount
            bits &= bits &- 1
            cursor = index
            // Gone since the word was read (stopped scanning); one that found it can never hear the till since is visited, and does nothing.
            guard let phone = audiences.phone(at: index) else { continue }
            if phone.with({ $0.scanJoin <= joinsBefore }) || wasScanningAtStart(index) { return phone }
        }
    }

    /// Whether the phone numbered `index`, which joined since the visit began, was scanning
    /// when it began (it stopped and started again since): in the list of that time.
    @inline(never)
    private func wasScanningAtStart(_ index: Int) -> Bool {
        let at = Listeners.position(of: index, in: scanners) { $0.index }
        return at < scanners.count && scanners[at].index == index
    }
}
