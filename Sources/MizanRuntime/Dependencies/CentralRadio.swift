import MizanProtocol

/// A phone's radio, shaped like Core Bluetooth's central manager: scan with
/// RSSI per advertisement, connect and subscribe, write, unsubscribe and
/// disconnect. What comes back arrives as `CentralRadioEvent`s.
public struct CentralRadio {
    public var startScan: () -> Void
    public var stopScan: () -> Void
    /// Connect to the till's peripheral and subscribe to "To client".
    public var connect: (TillID) -> Void
    /// Write with response to "To host".
    public var write: ([UInt8]) -> Void
    /// Unsubscribe and disconnect, after pending writes.
    public var disconnect: () -> Void

    public init(
        startScan: @escaping () -> Void,
        stopScan: @escaping () -> Void,
        connect: @escaping (TillID) -> Void,
        write: @escaping ([UInt8]) -> Void,
        disconnect: @escaping () -> Void
    ) {
        self.startScan = startScan
        self.stopScan = stopScan
        self.connect = connect
        self.write = write
        self.disconnect = disconnect
    }
}

/// What a phone's radio reports, before the adapter folds it into the chain's events.
public enum CentralRadioEvent: Hashable, Sendable {
    case stateChanged(RadioAvailability)
    /// An advertising packet: its payload and RSSI (127: not available).
    case discovered([UInt8], rssi: Int)
    /// Connected and subscribed to "To client".
    case connected
    case failedToConnect
    case disconnected
    /// The till removed its service.
    case serviceInvalidated
    /// A notification on "To client".
    case notified([UInt8])
    /// The till acknowledged a write.
    case writeAcknowledged
}
