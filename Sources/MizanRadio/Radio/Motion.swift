import MizanGeometry
import MizanTime
/// Where a phone is over time: standing at `origin` until `start`, then
/// walking at `velocity` (metres per second on the floor).
public struct Motion: Hashable, Sendable {
    public var origin: Position
    public var start: Duration
    public var velocity: (x: Double, y: Double)

    public static func standing(at position: Position) -> Motion {
        Motion(origin: position, start: .zero, velocity: (0, 0))
    }

    public var isStill: Bool { velocity.x == 0 && velocity.y == 0 }

    public func position(at time: Duration) -> Position {
        guard !isStill, time > start else { return origin }
        let seconds = (time - start).seconds
        return Position(x: origin.x + velocity.x * seconds, y: origin.y + velocity.y * seconds, z: origin.z)
    }

    public static func == (a: Motion, b: Motion) -> Bool {
        a.origin == b.origin && a.start == b.start && a.velocity.x == b.velocity.x && a.velocity.y == b.velocity.y
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(origin)
        hasher.combine(start)
        hasher.combine(velocity.x)
        hasher.combine(velocity.y)
    }
}
