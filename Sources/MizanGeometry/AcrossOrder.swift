/// Fixed positions (a floor's tills) in order across the floor, by x then
/// index: the ones within a distance of a point along x by bisection, and
/// the nearest to a point by a sweep outward from it that stops where x
/// alone is farther than the best found. Both ask a few positions on a
/// floor that is long in x (a row, a concourse) and every one, as a pass
/// over them all would, on one that is not.
public struct AcrossOrder: Sendable {
    /// The positions' indices in order of x (then index), and their positions and x beside.
    public let indices: [Int]
    public let xs: [Double]
    private let positions: [Position]

    public init(_ positions: [Position]) {
        let order = positions.indices.sorted { (positions[$0].x, $0) < (positions[$1].x, $1) }
        indices = order
        xs = order.map { positions[$0].x }
        self.positions = order.map { positions[$0] }
    }

    /// How many positions it orders.
    public var count: Int { indices.count }

    /// The places (in this order) of the positions whose x lies from `low` to `high`.
    @inlinable
    public func places(from low: Double, to high: Double) -> Range<Int> {
        xs.withUnsafeBufferPointer { xs in Self.within(xs.count, from: low, to: high) { xs[$0] } }
    }

    /// The index of the position nearest `point` (the lowest index of those equally near), nil if
    /// there is none: what a pass over every position in index order, keeping the first strictly
    /// nearer, finds. The point is finite (a floor's positions are).
    public func nearest(to point: Position) -> Int? {
        precondition(point.x.isFinite && point.y.isFinite && point.z.isFinite, "a nearest position to a point that is not finite")
        var best: (index: Int, distance: Double)?
        func consider(_ place: Int) {
            let distance = point.distance(to: positions[place]), index = indices[place]
            if let current = best, current.distance < distance || (current.distance == distance && current.index < index) { return }
            best = (index, distance)
        }
        let start = places(from: point.x, to: .infinity).lowerBound
        // A position farther in x alone than the best found is farther in all: each side stops there.
        var place = start
        while place < count, best.map({ xs[place] - point.x <= $0.distance }) ?? true {
            consider(place)
            place += 1
        }
        place = start - 1
        while place >= 0, best.map({ point.x - xs[place] <= $0.distance }) ?? true {
            consider(place)
            place -= 1
        }
        return best?.index
    }

    /// Of `count` things in order of their x (`x(place)`), those from `low` to `high`, by bisection.
    @inlinable @inline(__always)
    public static func within(_ count: Int, from low: Double, to high: Double, x: (Int) -> Double) -> Range<Int> {
        // All of them (a floor within the reach), without a search.
        guard count > 0, x(0) < low || x(count - 1) > high else { return 0..<count }
        func first(_ isPast: (Double) -> Bool) -> Int {
            var first = 0, past = count
            while first < past {
                let middle = (first + past) / 2
                if isPast(x(middle)) { past = middle } else { first = middle + 1 }
            }
            return first
        }
        let start = first { $0 >= low }
        return start..<Swift.max(start, first { $0 > high })
    }
}
