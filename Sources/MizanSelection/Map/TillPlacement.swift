import MizanGeometry
import MizanProtocol
/// Where a till's antenna is, metres: what a shop knows once its tills are installed.
public struct TillPlacement: Hashable, Sendable {
    public let till: TillID
    public let position: Position

    public init(till: TillID, position: Position) {
        self.till = till
        self.position = position
    }

    public var x: Double { position.x }
    public var y: Double { position.y }
    public var z: Double { position.z }
}
