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
        let scan = strategy.scanWindow / .seconds(1)
        let end = last - first
        var out: [TraceDecision] = []
        var incumbent: TillID?
        var start = 0.0
        while start + scan <= end {
            let from = Self.firstIndex(times) { $0 >= start }
            var ask = start + scan
            var chosen: TillID?
            while true {
                let upTo = Self.firstIndex(times) { $0 > ask }
                chosen = strategy.choose(from: Array(samples[from..<upTo]), now: .seconds(ask), incumbent: incumbent, since: .seconds(start))
                if chosen != nil || ask + scan > start + deadline || ask + scan > end { break }
                ask += scan
            }
            let truth = rows[Swift.max(0, Self.firstIndex(times) { $0 > ask } - 1)].position
            out.append(Self.judge(phone: phone, start: start, at: ask, chosen: chosen, truth: truth, tills: tills))
            if let chosen { incumbent = chosen }
            start += every
        }
        return out
    }

    static func judge(phone: String, start: Double, at: Double, chosen: TillID?, truth: Position, tills: [RSSITrace.Till]) -> TraceDecision {
        let ranked = tills.map { (id: $0.id, distance: $0.position.distance(to: truth)) }
            .sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.id < $1.id }
        return TraceDecision(phone: phone, start: start, at: at, chosen: chosen, nearest: ranked[0].id,
                             nearestDistance: ranked[0].distance,
                             secondDistance: ranked.count > 1 ? ranked[1].distance : .infinity,
                             chosenDistance: chosen.flatMap { id in ranked.first { $0.id == id }?.distance })
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
