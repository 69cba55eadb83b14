import MizanProtocol
/// One packet of a calibration walk: where the phone truly was (metres, on the
/// floor plan; `z` the height it was held at) and what it heard from which till.
public struct SurveySample: Hashable, Sendable {
    public let x: Double
    public let y: Double
    public let z: Double
    public let till: TillID
    public let rssi: Int

    public init(x: Double, y: Double, z: Double, till: TillID, rssi: Int) {
        self.x = x
        self.y = y
        self.z = z
        self.till = till
        self.rssi = rssi
    }
}
