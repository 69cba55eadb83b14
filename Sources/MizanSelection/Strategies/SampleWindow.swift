import MizanProtocol
/// The samples of the last `window` before `now` (`now - window < at <= now`),
/// grouped per till, tills in ascending id order and each till's samples in the
/// order they were heard. "Not available" samples are left out.
///
/// A phone on a big floor holds thousands of samples per window and groups
/// them at every decision, so the grouping is a stable counting sort on the
/// till id when the ids in the window are dense enough (as on every floor the
/// simulator builds: ids 1...n), and a dictionary otherwise. Both give the
/// same groups in the same order.
public struct SampleWindow: Sendable {
    /// The window's samples, grouped: tills ascending, each till's in the order heard.
    let grouped: [RSSISample]
    /// Each till heard and where its samples lie in `grouped`.
    let ranges: [(till: TillID, range: Range<Int>)]

    public var tills: [(till: TillID, samples: [RSSISample])] {
        ranges.map { ($0.till, Array(grouped[$0.range])) }
    }

    /// Each till and its samples as a slice of `grouped`, without copying them.
    func forEachTill(_ body: (TillID, ArraySlice<RSSISample>) -> Void) {
        for entry in ranges { body(entry.till, grouped[entry.range]) }
    }

    public init(_ samples: [RSSISample], now: Duration, window: Duration) {
        // Compared as attoseconds (`Int128`, inline): `Duration`'s own comparison
        // is an opaque call into the runtime, twice per sample.
        let earliest = (now - window).attoseconds, latest = now.attoseconds
        var kept: [RSSISample] = []
        kept.reserveCapacity(samples.count)
        var lowest = UInt32.max, highest = UInt32.min
        for sample in samples where sample.at.attoseconds > earliest && sample.at.attoseconds <= latest
            && sample.rssi != RSSISample.notAvailable {
            kept.append(sample)
            lowest = Swift.min(lowest, sample.till.rawValue)
            highest = Swift.max(highest, sample.till.rawValue)
        }
        guard !kept.isEmpty else {
            grouped = []
            ranges = []
            return
        }
        let span = Int(highest - lowest) + 1
        if span <= Swift.max(4_096, 4 * kept.count) {
            (grouped, ranges) = Self.countingSort(kept, lowest: lowest, span: span)
        } else {
            (grouped, ranges) = Self.dictionaryGroups(kept)
        }
    }

    /// Stable counting sort on `till.rawValue - lowest`.
    private static func countingSort(_ kept: [RSSISample], lowest: UInt32, span: Int) -> ([RSSISample], [(till: TillID, range: Range<Int>)]) {
        var starts = [Int](repeating: 0, count: span + 1)
        for sample in kept { starts[Int(sample.till.rawValue - lowest) + 1] += 1 }
        var ranges: [(till: TillID, range: Range<Int>)] = []
        for slot in 0..<span where starts[slot + 1] > 0 {
            ranges.append((TillID(lowest + UInt32(slot)), 0..<0))
        }
        for slot in 0..<span { starts[slot + 1] += starts[slot] }
        for index in ranges.indices {
            let slot = Int(ranges[index].till.rawValue - lowest)
            ranges[index].range = starts[slot]..<starts[slot + 1]
        }
        let grouped = [RSSISample](unsafeUninitializedCapacity: kept.count) { buffer, initialized in
            for sample in kept {
                let slot = Int(sample.till.rawValue - lowest)
                (buffer.baseAddress! + starts[slot]).initialize(to: sample)
                starts[slot] += 1
            }
            initialized = kept.count
        }
        return (grouped, ranges)
    }

    private static func dictionaryGroups(_ kept: [RSSISample]) -> ([RSSISample], [(till: TillID, range: Range<Int>)]) {
        var byTill: [TillID: [RSSISample]] = [:]
        for sample in kept { byTill[sample.till, default: []].append(sample) }
        var grouped: [RSSISample] = []
        grouped.reserveCapacity(kept.count)
        var ranges: [(till: TillID, range: Range<Int>)] = []
        for till in byTill.keys.sorted() {
            let start = grouped.count
            grouped.append(contentsOf: byTill[till] ?? [])
            ranges.append((till, start..<grouped.count))
        }
        return (grouped, ranges)
    }
}
