import MizanGeometry
import MizanRadio
import MizanTime
/// What creating one payer draws from the payers' stream: where they stand,
/// their phone's RSSI offset, and the draw that decides their Bluetooth.
package struct PayerDraw {
    let position: Position
    let offset: Double
    /// Uniform in [0, 1); nil when the floor turns no phone's Bluetooth off.
    let availability: Double?
}
