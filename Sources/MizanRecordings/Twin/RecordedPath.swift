import MizanGeometry
import MizanSim
import MizanRadio
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a recorded phone truly was over time: its rows' positions at their
/// times, linearly interpolated between them and held before the first and
/// after the last; and which way its carrier faced.
public struct RecordedPath: Sendable {
    public let times: [Double]
    public let positions: [Position]
    /// How far the phone had walked at each of `times`, metres (3-D, along the straight pieces).
    public let distances: [Double]
    /// Which way the carrier faced at each of `times`, radians (0 along +x,
    /// π/2 along +y): the recording's `heading` where every row has one,
    /// else the way the phone walked (`walkingHeadings`).
    public let headings: [Double]
    /// Whether `headings` are the recording's own.
    public let headingsRecorded: Bool

    /// Walking slower than this, m/s, a carrier is standing: they keep the way they last faced.
    public static let standingSpeed = 0.15
    /// The walking direction at a time is taken over this many seconds either side.
    public static let walkingWindow = 0.5

    /// From a phone's rows in time order; rows at the same time keep the first position.
    public init(_ rows: [RSSITrace.Row]) {
        var times: [Double] = [], positions: [Position] = [], recorded: [Double?] = []
        for row in rows where times.last.map({ row.t > $0 }) ?? true {
            times.append(row.t)
            positions.append(row.position)
            recorded.append(row.heading.map { $0 * .pi / 180 })
        }
        self.times = times
        self.positions = positions
        var walked = 0.0
        distances = positions.indices.map { index in
            if index > 0 { walked += positions[index - 1].distance(to: positions[index]) }
            return walked
        }
        let given = recorded.compactMap { $0 }
        headingsRecorded = !given.isEmpty && given.count == recorded.count
        headings = headingsRecorded ? given : Self.walkingHeadings(times: times, positions: positions)
    }

    /// The way a carrier walked at each time (positions `walkingWindow`
    /// either side); standing (under `standingSpeed`), the way they last
    /// walked; before they first walk, the way they first walk (0 if they never do).
    static func walkingHeadings(times: [Double], positions: [Position]) -> [Double] {
        guard !times.isEmpty else { return [] }
        var headings = [Double?](repeating: nil, count: times.count)
        var low = 0, high = 0
        for index in times.indices {
            while times[low] < times[index] - walkingWindow { low += 1 }
            while high + 1 < times.count, times[high + 1] <= times[index] + walkingWindow { high += 1 }
            let dx = positions[high].x - positions[low].x, dy = positions[high].y - positions[low].y
            let span = times[high] - times[low]
            if span > 0, (dx * dx + dy * dy).squareRoot() / span >= standingSpeed { headings[index] = atan2(dy, dx) }
        }
        var last = headings.first(where: { $0 != nil }).flatMap { $0 } ?? 0
        return headings.map { heading in
            if let heading { last = heading }
            return last
        }
    }

    /// Which way the carrier faced at `time`, radians: the heading of the last row at or before it.
    public func heading(at time: Double) -> Double {
        guard !headings.isEmpty else { return 0 }
        if time <= times[0] { return headings[0] }
        return headings[TraceReplay.firstIndex(times) { $0 > time } - 1]
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
