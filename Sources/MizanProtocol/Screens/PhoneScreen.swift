/// What the payer's phone shows a person.
public enum PhoneScreen: String, Hashable, Sendable, CaseIterable {
    case start
    case turnBluetoothOn = "turn Bluetooth on"
    case allowBluetooth = "allow Bluetooth"
    case searching
    case connecting
    case reviewAmount = "review the amount"
    case waitingForResult = "waiting for the result"
    case paid
    case failed
    case youDeclined = "you declined"
    case couldntConnect = "couldn't connect"
    case tillCancelled = "the till cancelled"
    case handshakeFailed = "handshake failed"
    case resultUnknown = "result unknown"
    case connectionLost = "connection lost, nothing charged"
    case cancelled
    case tillBusy = "till busy"
    case secureLinkFailed = "secure link failed"
}
