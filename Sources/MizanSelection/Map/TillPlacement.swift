import MizanProtocol
/// Where a till's antenna is, metres: what a shop knows once its tills are installed.
public struct TillPlacement: Hashable, Sendable {
    public let till: TillID
    public let x: Double
    public let y: Double
    public let z: Double

    public init(till: TillID, x: Double, y: Double, z: Double) {
        self.till = till
        self.x = x
        self.y = y
        self.z = z
    }
}
