import MizanProtocol
/// Each heard till's score (dB-like: higher means nearer), tills in ascending
/// id order, so every ranking and tie-break is deterministic.
public struct TillScores: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public let till: TillID
        public let score: Double
    }

    public let entries: [Entry]

    package init(_ window: SampleWindow, summary: (ArraySlice<RSSISample>) -> Double) {
        var entries: [Entry] = []
        entries.reserveCapacity(window.ranges.count)
        window.forEachTill { till, samples in entries.append(Entry(till: till, score: summary(samples))) }
        self.entries = entries
    }

    init(entries: [Entry]) {
        self.entries = entries
    }

    /// The highest score; on a tie, the lower till id.
    public var best: Entry? {
        var best: Entry?
        for entry in entries {
            if let current = best, entry.score <= current.score { continue }
            best = entry
        }
        return best
    }

    public func score(of till: TillID) -> Double? {
        entries.first { $0.till == till }?.score
    }

    /// How far `till` scores above the best other till; infinite when no other till was heard.
    public func lead(of till: TillID) -> Double {
        guard let own = score(of: till) else { return -.infinity }
        let others = entries.filter { $0.till != till }.map(\.score)
        guard let second = others.max() else { return .infinity }
        return own - second
    }
}
