import MizanGeometry
import MizanSim
import MizanRadio

/// Where a recorded phone truly was over time: its rows' positions at their
/// times, linearly interpolated between them and held before the first and
/// after the last.
public struct RecordedPath: Sendable {
    public let times: [Double]
    public let positions: [Position]
    /// How far the phone had walked at each of `times`, metres (3-D, along the straight pieces).
    public let distances: [Double]

    /// From a phone's rows in time order; rows at the same time keep the first position.
    public init(_ rows: [RSSITrace.Row]) {
        var times: [Double] = [], positions: [Position] = []
        for row in rows where times.last.map({ row.t > $0 }) ?? true {
            times.append(row.t)
            positions.append(row.position)
        }
        self.times = times
        self.positions = positions
        var walked = 0.0
        distances = positions.indices.map { index in
            if index > 0 { walked += positions[index - 1].distance(to: positions[index]) }
            return walked
        }
    }

    public var start: Double { times.first ?? 0 }
    public var end: Double { times.last ?? 0 }

    public func position(at time: Double) -> Position { place(at: time).position }

    /// Where the phone was at `time` and how far it had walked, from one search of the rows.
    public func place(at time: Double) -> (position: Position, walked: Double) {
        guard let first = positions.first, let last = positions.last, let total = distances.last else { return (Position(x: 0, y: 0), 0) }
        if time <= times[0] { return (first, 0) }
        if time >= times[times.count - 1] { return (last, total) }
        let upper = TraceReplay.firstIndex(times) { $0 > time }
        let a = positions[upper - 1], b = positions[upper]
        let f = (time - times[upper - 1]) / (times[upper] - times[upper - 1])
        return (Position(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f, z: a.z + (b.z - a.z) * f),
                distances[upper - 1] + (distances[upper] - distances[upper - 1]) * f)
    }
}
