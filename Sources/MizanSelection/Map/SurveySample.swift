import MizanGeometry
import MizanProtocol
/// One packet of a calibration walk: where the phone truly was (metres, on the
/// floor plan; `z` the height it was held at) and what it heard from which till.
public struct SurveySample: Hashable, Sendable {
    public let position: Position
    public let till: TillID
    public let rssi: Int

    public init(position: Position, till: TillID, rssi: Int) {
        self.position = position
        self.till = till
        self.rssi = rssi
    }

    public var x: Double { position.x }
    public var y: Double { position.y }
    public var z: Double { position.z }
}
