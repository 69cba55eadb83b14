import MizanProtocol

/// A till's radio, shaped like Core Bluetooth's peripheral manager: a service
/// with "To host" (write) and "To client" (notify), advertising, and a bounded
/// notify queue. What comes back arrives as `PeripheralRadioEvent`s.
///
/// Dependencies are structs of closures with live and test values kept apart.
/// They are not `@Sendable`: a device and its radio live on one simulation's
/// executor and never cross threads.
public struct PeripheralRadio {
    /// Add the service (if not added) and advertise `payload`: the advertisement's bytes as
    /// the till's driver encoded them, carried on the air as they are.
    public var startAdvertising: (_ payload: [UInt8]) -> Void
    public var stopAdvertising: () -> Void
    /// Queue a notification on "To client" for one central. Returns false when
    /// the queue is full; `readyToUpdate` follows when there is room again.
    public var notify: (CentralID, [UInt8]) -> Bool
    /// Send what is queued, then remove the service: the phone sees it go.
    public var retireService: () -> Void

    public init(
        startAdvertising: @escaping (_ payload: [UInt8]) -> Void,
        stopAdvertising: @escaping () -> Void,
        notify: @escaping (CentralID, [UInt8]) -> Bool,
        retireService: @escaping () -> Void
    ) {
        self.startAdvertising = startAdvertising
        self.stopAdvertising = stopAdvertising
        self.notify = notify
        self.retireService = retireService
    }
}

/// What a till's radio reports, before the adapter folds it into the chain's events.
public enum PeripheralRadioEvent: Hashable, Sendable {
    case stateChanged(RadioAvailability)
    case subscribed(CentralID)
    case unsubscribed(CentralID)
    case disconnected(CentralID)
    /// A central wrote to "To host".
    case wrote(CentralID, [UInt8])
    /// The notify queue has room again.
    case readyToUpdate
    /// A queued notification reached the central's link layer.
    case delivered(CentralID)
}
