import MizanGeometry
import MizanSelection
import MizanProtocol
import MizanSim
import MizanRadio

/// Replays a recorded trace as a phone would use it: a session starts every
/// `every` seconds; like `Find`, it asks the strategy after one scan window
/// and again every scan window, with the packets heard since the session
/// began, until the strategy names a till, the phone's deadline passes or the
/// recording ends. The previous session's choice is the incumbent (for
/// hysteresis). Truth is the phone's recorded position at the decision.
public struct TraceReplay: Sendable {
    public let strategy: SelectionStrategy
    public let every: Double
    public let deadline: Double

    public init(strategy: SelectionStrategy, every: Double, deadline: Double = 10) {
        self.strategy = strategy
        self.every = every
        self.deadline = deadline
    }

    /// The most steps a replay of `trace` can take, counted before it starts: every session
    /// asks at most once a scan window until the deadline and ranks every till once; a sample
    /// is scored by every session that began at most the deadline before it (a session scores
    /// the samples of its ask's window: once for one that decides at its first ask, at every ask
    /// for one that waits or hears nothing first); and each ask that hears something calls the
    /// strategy, which lays out a slot for every till id in the trace's span (`SampleWindow`'s
    /// counting sort, `WindowMeans`' tallies) besides a call's own fixed cost (`callSteps`).
    public static func work(_ trace: RSSITrace, every: Double, scanWindow: Double, deadline: Double = 10) -> Double {
        work(sessions: trace.sessions(every: every), tills: trace.tills, samples: Double(trace.rows.count),
             every: every, scanWindow: scanWindow, deadline: deadline)
    }

    /// The same for a trace of `sessions`, `tills` and `samples`, before it exists (a twin's).
    public static func work(sessions: Double, tills: [RSSITrace.Till], samples: Double, every: Double, scanWindow: Double, deadline: Double = 10) -> Double {
        let asks = sessions * ((deadline / scanWindow).rounded(.down) + 1)
        let visits = samples * ((deadline + scanWindow) / every + 1)
        let ids = tills.map { Double($0.id.rawValue) }
        let span = (ids.max() ?? 0) - (ids.min() ?? 0) + 1
        // An ask calls the strategy only when its window holds a sample: at most one call a visit.
        return asks + sessions * Double(tills.count) + visits + Swift.min(asks, visits) * (span + callSteps)
    }

    /// A strategy call's fixed cost in steps (its copies and allocations, about 0.5 µs here).
    static let callSteps = 64.0

    /// Every session of every phone, phones in order of first appearance.
    public func decisions(_ trace: RSSITrace) -> [TraceDecision] {
        var byPhone: [String: [RSSITrace.Row]] = [:]
        for row in trace.rows { byPhone[row.phone, default: []].append(row) }
        return trace.phones.flatMap { decisions(phone: $0, rows: byPhone[$0] ?? [], tills: trace.tills) }
    }

    private func decisions(phone: String, rows: [RSSITrace.Row], tills: [RSSITrace.Till]) -> [TraceDecision] {
        guard let first = rows.first?.t, let last = rows.last?.t else { return [] }
        let times = rows.map { $0.t - first }
        let samples = rows.map { RSSISample(till: $0.till, rssi: $0.rssi, at: .seconds($0.t - first)) }
        let window = strategy.scanWindow
        let scan = window / .seconds(1)
        let end = last - first
        var out: [TraceDecision] = []
        var incumbent: TillID?
        var start = 0.0
        while start + scan <= end {
            let from = Self.firstIndex(times) { $0 >= start }
            var ask = start + scan
            var chosen: TillID?
            // Both ends only move on as the session asks again: the samples after its last ask,
            // and the first a strategy still scores (its scores read only the last window).
            var upTo = from, inWindow = from
            while true {
                while upTo < times.count, times[upTo] <= ask { upTo += 1 }
                // Nothing heard in the window: every strategy answers "not yet" (and a run of
                // empty windows costs no more than the additions that time them).
                if inWindow < upTo {
                    let earliest = (.seconds(ask) - window).attoseconds
                    while inWindow < upTo, samples[inWindow].at.attoseconds <= earliest { inWindow += 1 }
                    if inWindow < upTo {
                        chosen = strategy.choose(from: Array(samples[inWindow..<upTo]), now: .seconds(ask), incumbent: incumbent, since: .seconds(start))
                    }
                }
                if chosen != nil || ask + scan > start + deadline || ask + scan > end { break }
                ask += scan
            }
            let truth = rows[Swift.max(0, upTo - 1)].position
            out.append(Self.judge(phone: phone, start: start, at: ask, chosen: chosen, truth: truth, tills: tills))
            if let chosen { incumbent = chosen }
            start += every
        }
        return out
    }

    /// The session's verdict: the till truly nearest `truth` (ties to the lower id), the
    /// distance to it and to the next nearest, and to the till chosen; one pass over the tills.
    static func judge(phone: String, start: Double, at: Double, chosen: TillID?, truth: Position, tills: [RSSITrace.Till]) -> TraceDecision {
        func precedes(_ a: (id: TillID, distance: Double), _ b: (id: TillID, distance: Double)?) -> Bool {
            guard let b else { return true }
            return a.distance != b.distance ? a.distance < b.distance : a.id < b.id
        }
        var nearest: (id: TillID, distance: Double)?, second: (id: TillID, distance: Double)?
        var chosenDistance: Double?
        for till in tills {
            let entry = (id: till.id, distance: till.position.distance(to: truth))
            if precedes(entry, nearest) {
                second = nearest
                nearest = entry
            } else if precedes(entry, second) {
                second = entry
            }
            if till.id == chosen { chosenDistance = entry.distance }
        }
        guard let nearest else { preconditionFailure("a trace has at least one till (RSSITraceReader)") }
        return TraceDecision(phone: phone, start: start, at: at, chosen: chosen, nearest: nearest.id,
                             nearestDistance: nearest.distance, secondDistance: second?.distance ?? .infinity,
                             chosenDistance: chosenDistance)
    }

    /// The first index whose value satisfies `predicate` (monotone: false then true), by bisection.
    static func firstIndex(_ values: [Double], where predicate: (Double) -> Bool) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if predicate(values[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
