/// A point on the floor, metres. `z` is the antenna height.
public struct Position: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var z: Double

    @inlinable
    public init(x: Double, y: Double, z: Double = 0) {
        self.x = x
        self.y = y
        self.z = z
    }

    @inlinable
    public func distance(to other: Position) -> Double {
        squaredDistance(to: other).squareRoot()
    }

    /// The distance's square, m^2: to compare distances without a square root.
    @inlinable
    public func squaredDistance(to other: Position) -> Double {
        let dx = x - other.x, dy = y - other.y, dz = z - other.z
        return dx * dx + dy * dy + dz * dz
    }
}
