import MizanTime
import MizanProtocol

/// What happened on the air, for traces and metrics. Frames are named by type
/// and size only: a trace never carries their bytes.
public enum MediumEvent: Sendable {
    case advertisingStarted(till: Int)
    case advertisingStopped(till: Int)
    case connected(phone: Int, till: Int)
    case connectFailed(phone: Int, till: Int?)
    /// The phone answered an advertising packet with a connection request that the till did not take.
    case connectRequestLost(phone: Int, till: Int)
    /// One GATT set-up exchange completed (its response reached the phone).
    case setUp(phone: Int, till: Int, SetupExchange)
    case sent(phone: Int, till: Int, toTill: Bool, FrameType?, bytes: Int)
    case delivered(phone: Int, till: Int, toTill: Bool, FrameType?)
    case linkLost(phone: Int, till: Int, LinkLossReason)
    case unsubscribed(phone: Int, till: Int)
    case serviceRetired(till: Int)
    case power(device: DeviceRef, RadioAvailability)
}

public enum LinkLossReason: String, Sendable {
    case fault
    case supervisionTimeout = "supervision timeout"
    case serviceRetired = "service retired"
    case bluetoothOff = "Bluetooth off"
}
