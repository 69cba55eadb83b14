/// How a transaction ended, as the payer's phone saw it.
public enum PhoneEnding: Hashable, Sendable, CaseIterable {
    case paid
    case failed
    case youDeclined
    case couldntConnect
    /// The till cancelled (a sealed end arrived).
    case tillCancelled
    case handshakeFailed
    /// The link was lost after the payer confirmed: the phone cannot know the outcome.
    case resultUnknown
    case bluetoothOff
    case bluetoothNotAllowed
    /// The link was lost while the payer was reviewing: nothing charged.
    case connectionLost
    /// The payer cancelled.
    case cancelled
    /// The till was already serving another phone.
    case tillBusy
    case secureLinkFailed

    public var screen: PhoneScreen {
        switch self {
        case .paid: .paid
        case .failed: .failed
        case .youDeclined: .youDeclined
        case .couldntConnect: .couldntConnect
        case .tillCancelled: .tillCancelled
        case .handshakeFailed: .handshakeFailed
        case .resultUnknown: .resultUnknown
        case .bluetoothOff: .turnBluetoothOn
        case .bluetoothNotAllowed: .allowBluetooth
        case .connectionLost: .connectionLost
        case .cancelled: .cancelled
        case .tillBusy: .tillBusy
        case .secureLinkFailed: .secureLinkFailed
        }
    }
}
