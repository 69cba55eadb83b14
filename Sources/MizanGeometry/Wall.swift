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
/// wall's loss adds to the path loss; COST 231 Final Report, 4.7). A path
/// asks only the walls near it (`WallGrid`).
public struct Walls: Hashable, Sendable {
    public let walls: [Wall]
    /// The most a path can gain through the walls, dB: the sum of the negative losses (0 unless
    /// some wall's loss is negative: a floor file's never is, the Swift API does not forbid it).
    public let mostGained: Double
    private let grid: WallGrid

    public init(_ walls: [Wall] = []) {
        self.walls = walls
        mostGained = walls.reduce(0) { $0 - Swift.min($1.loss, 0) }
        grid = WallGrid(walls)
    }

    public var isEmpty: Bool { walls.isEmpty }

    /// dB lost by the path from `a` to `b` through the walls it crosses (0 without walls).
    public func loss(from a: Position, to b: Position) -> Double {
        loss(from: a, to: b, unlessOver: .infinity)!
    }

    /// dB lost by the path from `a` to `b` through the walls it crosses, summed in the walls'
    /// order; or nil once the positive losses of the walls it crosses, asked from `a`'s end, add
    /// up to more than `limit` (the rest are then not asked).
    public func loss(from a: Position, to b: Position, unlessOver limit: Double) -> Double? {
        guard !walls.isEmpty else { return 0 }
        let words = (walls.count + 63) >> 6
        // Two bits a wall: asked already (a wall listed in several cells is asked once), and crossed.
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * words) { bits -> Double? in
            bits.initialize(repeating: 0)
            var crossedLoss = 0.0
            var over = false
            walls.withUnsafeBufferPointer { walls in
                grid.forEachWall(near: a, b) { index in
                    let word = index >> 6, bit = UInt64(1) << UInt64(index & 63)
                    guard bits[word] & bit == 0 else { return true }
                    bits[word] |= bit
                    let wall = walls[index]
                    guard wall.crosses(from: a, to: b) else { return true }
                    bits[words + word] |= bit
                    if wall.loss > 0 { crossedLoss += wall.loss }
                    over = crossedLoss > limit
                    return !over
                }
            }
            if over { return nil }
            // The sum in the walls' order, as a pass over all of them adds it.
            var total = 0.0
            for word in 0..<words {
                var crossed = bits[words + word]
                while crossed != 0 {
                    total += walls[word << 6 + crossed.trailingZeroBitCount].loss
                    crossed &= crossed - 1
                }
            }
            return total
        }
    }

    public static func == (left: Walls, right: Walls) -> Bool { left.walls == right.walls }

    public func hash(into hasher: inout Hasher) { hasher.combine(walls) }
}
