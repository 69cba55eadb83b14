import MizanProtocol
/// Each till's mean RSSI over the samples of the last `window` before `now`,
/// without grouping the samples: the default strategy's scores (`highestMean`).
///
/// `SampleWindow` copies and sorts a window's samples per till so any summary
/// can read them; a mean needs only each till's sum and count. Two passes over
/// the samples (the window's id range, then the sums in a slot per id) give
/// the same scores bit for bit as `TillScores(SampleWindow(...)) { RSSISummary.mean($0) }`:
/// each till's integer sum is taken in the order heard and divided by its
/// count as there, tills in ascending id order. When the ids are too sparse
/// for a slot each (never on a simulated floor), `nil`: the caller groups.
enum WindowMeans {
    static func scores(_ samples: [RSSISample], now: Duration, window: Duration) -> TillScores? {
        // The same bounds as `SampleWindow`: `now - window < at <= now`, compared as attoseconds.
        let earliest = (now - window).attoseconds, latest = now.attoseconds
        var lowest = UInt32.max, highest = UInt32.min, kept = 0
        for sample in samples where sample.at.attoseconds > earliest && sample.at.attoseconds <= latest
            && sample.rssi != RSSISample.notAvailable {
            lowest = Swift.min(lowest, sample.till.rawValue)
            highest = Swift.max(highest, sample.till.rawValue)
            kept += 1
        }
        guard kept > 0 else { return TillScores(entries: []) }
        let span = Int(highest - lowest) + 1
        guard span <= Swift.max(4_096, 4 * kept) else { return nil }
        return withUnsafeTemporaryAllocation(of: Tally.self, capacity: span) { tallies in
            tallies.initialize(repeating: Tally(sum: 0, count: 0))
            for sample in samples where sample.at.attoseconds > earliest && sample.at.attoseconds <= latest
                && sample.rssi != RSSISample.notAvailable {
                let slot = Int(sample.till.rawValue - lowest)
                tallies[slot].sum += sample.rssi
                tallies[slot].count += 1
            }
            var entries: [TillScores.Entry] = []
            entries.reserveCapacity(Swift.min(span, kept))
            for slot in 0..<span where tallies[slot].count > 0 {
                let tally = tallies[slot]
                entries.append(TillScores.Entry(till: TillID(lowest + UInt32(slot)), score: Double(tally.sum) / Double(tally.count)))
            }
            return TillScores(entries: entries)
        }
    }

    private struct Tally {
        var sum: Int
        var count: Int
    }
}
