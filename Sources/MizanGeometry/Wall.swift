/// A wall seen from above: a segment of the floor from (x1, y1) to (x2, y2),
/// metres, full height, and what a packet loses passing through it, dB.
public struct Wall: Hashable, Sendable {
    public var x1: Double
    public var y1: Double
    public var x2: Double
    public var y2: Double
    /// dB lost by a path through the wall.
    public var loss: Double

    public init(x1: Double, y1: Double, x2: Double, y2: Double, loss: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        self.loss = loss
    }

    /// Whether the straight path from `a` to `b`, seen from above, passes
    /// through the wall: the wall's two ends lie on opposite sides of the
    /// path's line (or one on it), and the path's two ends strictly on
    /// opposite sides of the wall's line. A device standing on a wall's line,
    /// or a path running along it, is not through it.
    @inlinable
    public func crosses(from a: Position, to b: Position) -> Bool {
        let pathX = b.x - a.x, pathY = b.y - a.y
        let end1 = pathX * (y1 - a.y) - pathY * (x1 - a.x)
        let end2 = pathX * (y2 - a.y) - pathY * (x2 - a.x)
        guard (end1 <= 0 && end2 >= 0) || (end1 >= 0 && end2 <= 0), end1 != 0 || end2 != 0 else { return false }
        let wallX = x2 - x1, wallY = y2 - y1
        let sideA = wallX * (a.y - y1) - wallY * (a.x - x1)
        let sideB = wallX * (b.y - y1) - wallY * (b.x - x1)
        return (sideA < 0 && sideB > 0) || (sideA > 0 && sideB < 0)
    }
}

/// A floor's walls (`Wall`): what a path between two devices loses through
/// them, the sum of the walls it passes through (the multi-wall model: each
/// wall's loss adds to the path loss; COST 231 Final Report, 4.7).
public struct Walls: Hashable, Sendable {
    public let walls: [Wall]

    public init(_ walls: [Wall] = []) {
        self.walls = walls
    }

    public var isEmpty: Bool { walls.isEmpty }

    /// dB lost by the path from `a` to `b` through the walls it crosses (0 without walls).
    @inlinable
    public func loss(from a: Position, to b: Position) -> Double {
        var total = 0.0
        for wall in walls where wall.crosses(from: a, to: b) { total += wall.loss }
        return total
    }
}
