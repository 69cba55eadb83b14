import MizanRadio
import MizanProtocol

enum TwinFitAir {
    /// What the packets' own timing gives: the phone's advertising and the
    /// receivers' scanning, each receiver read on its own (a recording whose
    /// receivers' clocks do not line up, or that hears packets one by one,
    /// gives them as well as one whose rows arrive grouped in events).
    struct AirFit {
        let advertising: AdvertisingSchedule
        let scanner: ScanProfile
        /// (event, till) pairs with no report and with two or more, of the events the phone sent.
        let missedShare: Double
        let doubleShare: Double
        let assumed: [String]
    }

    /// One receiver's rows closer than this, seconds, are one advertising
    /// event's: an event's packets go out within 10 ms (Core 5.3 Vol 6 Part B
    /// 4.4.2.2.1), and events are at least 20 ms apart (advInterval's least).
    static let eventSpan = 0.010
    /// advDelay's most, seconds (Core 5.3 Vol 6 Part B 4.4.2.2.1: 0 to 10 ms).
    static let advertisingDelayMax = 0.010
    /// The gaps between one receiver's events are whole numbers of periods
    /// (events it missed between them): the period is the median of those
    /// within half a period of the shortest tenth (`periodQuantile`).
    static let periodQuantile = 0.1
    /// What the Danis fit gives where a recording cannot (`SignalParameters`' source): the beacon's
    /// period between events, seconds, and its spacing between an event's packets.
    static let danisPeriod = 0.455
    static let danisPacketSpacing = 0.003
    /// The BLE advertising interval's step, seconds (Core 5.3 Vol 6 Part B 4.4.2.2.1: 0.625 ms).
    static let intervalStep = 0.000625
    static let leastInterval = 0.0075

    /// The air of `phones` (each phone's rows in time order) heard by `tills`.
    static func air(_ phones: [[RSSITrace.Row]], tills: [TillID]) -> AirFit {
        var gaps: [Double] = [], spacings: [Double] = []
        var heard = 0, doubled = 0
        var sent = 0.0
        var spans: [Double] = []
        let wanted = Set(tills)
        for rows in phones {
            guard let first = rows.first?.t, let last = rows.last?.t else { continue }
            spans.append(last - first)
            var byTill: [TillID: [Double]] = [:]
            for row in rows where wanted.contains(row.till) { byTill[row.till, default: []].append(row.t) }
            for till in tills {
                var start: Double?, previous = -Double.infinity, count = 0
                func close() {
                    guard start != nil else { return }
                    heard += 1
                    if count >= 2 { doubled += 1 }
                }
                for t in byTill[till] ?? [] {
                    if t - previous < eventSpan {
                        count += 1
                        if count == 2, let start { spacings.append(t - start) }
                    } else {
                        close()
                        if let start { gaps.append(t - start) }
                        start = t
                        count = 1
                    }
                    previous = t
                }
                close()
            }
        }
        var assumed: [String] = []
        let period: Double
        if let base = quantile(gaps, periodQuantile), base > 0, let median = TwinFit.median(gaps.filter { $0 >= 0.5 * base && $0 <= 1.5 * base }) {
            period = median
        } else {
            assumed.append("advertising interval (no two events of one phone at one till)")
            period = danisPeriod
        }
        for span in spans { sent += span / period + 1 }
        let pairs = sent * Double(tills.count)
        let missedShare = pairs > 0 ? Swift.max(0, 1 - Double(heard) / pairs) : 0
        let doubleShare = pairs > 0 ? Swift.min(1, Double(doubled) / pairs) : 0
        // The mean period (interval plus half the delay's most) is what gives the rate; an advertiser
        // faster than legacy advertising's 20 ms keeps the delay and a shorter interval, down to the
        // 7.5 ms of periodic advertising (Core 5.3 Vol 6 Part B 4.4.2.12).
        let interval = Swift.max(leastInterval, ((period - advertisingDelayMax / 2) / intervalStep).rounded() * intervalStep)
        let spacing = TwinFit.median(spacings) ?? { assumed.append("packet spacing (no event reported twice by one till)"); return danisPacketSpacing }()
        let advertising = AdvertisingSchedule(interval: interval, delayMax: advertisingDelayMax, packetSpacing: spacing)
        let (b, q) = TwinFit.solveScanning(missed: missedShare, doubled: doubleShare)
        let scanInterval = b > 0 ? Swift.min(10, Swift.max(0.010, 2 * spacing / (3 * b))) : 10
        let scanner = ScanProfile(name: "fitted-receiver", window: scanInterval, interval: scanInterval, reportLoss: q)
        return AirFit(advertising: advertising, scanner: scanner, missedShare: missedShare, doubleShare: doubleShare, assumed: assumed)
    }

    static func quantile(_ values: [Double], _ p: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted[Swift.min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
}
