/// How a transaction ended, as the till saw it.
public enum HostEnding: Hashable, Sendable, CaseIterable {
    case paid
    case failed
    case payerDeclined
    /// The countdown ran out before any phone's key arrived and the amount went out.
    case countdownExpired
    /// The operator cancelled while broadcasting, before a secure link.
    case cancelledWhileBroadcasting
    /// The operator cancelled after the secure link; a sealed end went to the phone.
    case cancelled
    /// The link was lost after the till had the phone's key, before the amount went out.
    case handshakeFailed
    /// The operator picked success, but the payer was not told (the link was lost first).
    case paidPayerNotTold
    /// The operator picked failure, but the payer was not told.
    case failedPayerNotTold
    case bluetoothOff
    case bluetoothNotAllowed
    /// The payer left (link lost or unsubscribed) before deciding: nothing charged.
    case payerLeft
    /// A frame from the phone failed to open or decode.
    case secureLinkFailed

    /// The screen the till shows for this ending.
    public var screen: HostScreen {
        switch self {
        case .paid: .paid
        case .failed: .failed
        case .payerDeclined: .payerDeclined
        case .countdownExpired, .cancelledWhileBroadcasting: .keypad
        case .cancelled: .cancelled
        case .handshakeFailed: .handshakeFailed
        case .paidPayerNotTold: .paidPayerNotTold
        case .failedPayerNotTold: .failedPayerNotTold
        case .bluetoothOff: .turnBluetoothOn
        case .bluetoothNotAllowed: .allowBluetooth
        case .payerLeft: .payerLeft
        case .secureLinkFailed: .secureLinkFailed
        }
    }

    /// Whether money moved: only when the operator picked success.
    public var charged: Bool {
        switch self {
        case .paid, .paidPayerNotTold: true
        case .failed, .payerDeclined, .countdownExpired, .cancelledWhileBroadcasting, .cancelled,
             .handshakeFailed, .failedPayerNotTold, .bluetoothOff, .bluetoothNotAllowed, .payerLeft, .secureLinkFailed:
            false
        }
    }
}
