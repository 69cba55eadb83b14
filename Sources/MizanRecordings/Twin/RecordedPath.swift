import MizanGeometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MizanSim
import MizanRadio

/// Where a recorded phone truly was over time: its rows' positions at their
/// times, linearly interpolated between them and held before the first and
/// after the last.
public struct RecordedPath: Sendable {
    public let times: [Double]
    public let positions: [Position]

    /// From a phone's rows in time order; rows at the same time keep the first position.
    public init(_ rows: [RSSITrace.Row]) {
        var times: [Double] = [], positions: [Position] = []
        for row in rows where times.last.map({ row.t > $0 }) ?? true {
            times.append(row.t)
            positions.append(row.position)
        }
        self.times = times
        self.positions = positions
    }

    public var start: Double { times.first ?? 0 }
    public var end: Double { times.last ?? 0 }

    public func position(at time: Double) -> Position {
        guard let first = positions.first, let last = positions.last else { return Position(x: 0, y: 0) }
        if time <= times[0] { return first }
        if time >= times[times.count - 1] { return last }
        let upper = TraceReplay.firstIndex(times) { $0 > time }
        let a = positions[upper - 1], b = positions[upper]
        let f = (time - times[upper - 1]) / (times[upper] - times[upper - 1])
        return Position(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f, z: a.z + (b.z - a.z) * f)
    }

    /// Where the phone heads at `time`, radians from +x towards +y: the
    /// direction from its position 1 s before to 1 s after (0 if it moved under 5 cm).
    public func heading(at time: Double) -> Double {
        let a = position(at: time - 1), b = position(at: time + 1)
        let dx = b.x - a.x, dy = b.y - a.y
        return dx * dx + dy * dy < 0.0025 ? 0 : atan2(dy, dx)
    }
}
