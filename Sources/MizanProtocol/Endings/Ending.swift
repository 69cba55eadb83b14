/// Every way a transaction ends: the catalogue of docs/architecture.md §4 (1-17) and
/// the endings found while building the machines and running faults (18-21). `EndingsCatalogue`
/// holds the pairs of host and phone endings each one allows.
public enum Ending: Int, Hashable, Sendable, CaseIterable, Comparable {
    case success = 1
    case failure = 2
    case payerDeclines = 3
    case noOneConnects = 4
    case cancelWhileBroadcasting = 5
    case cancelAfterSecureLink = 6
    case linkLostAfterKeyBeforeAmount = 7
    case linkLostAfterConfirmBeforePick = 8
    case linkLostAfterPickBeforeResult = 9
    case bluetoothOff = 10
    case bluetoothNotAllowed = 11
    case linkLostBeforeKey = 12
    case phoneDeadlinePasses = 13
    case linkLostWhileReviewing = 14
    case payerCancelsBeforeDeciding = 15
    case tillBusy = 16
    case sealedFrameFails = 17
    /// Found: the link is lost after the amount was handed to the radio, before
    /// the phone opened it. The till has stopped its countdown and waits for a
    /// decision; it sees the payer leave.
    case linkLostAfterAmountSent = 18
    /// Found: the payer cancels while searching or connecting, before a secure link.
    case payerCancelsBeforeSecureLink = 19
    /// Found: the operator cancels after the secure link but the link is lost
    /// before the sealed end arrives.
    case cancelAfterSecureLinkLinkLost = 20
    /// Found: the payer confirmed but the confirm never reached the till (the
    /// link went first). The till saw the payer leave; the phone cannot know.
    case confirmLostWithTheLink = 21

    public static func < (a: Ending, b: Ending) -> Bool { a.rawValue < b.rawValue }

    public var title: String {
        switch self {
        case .success: "success"
        case .failure: "failure (operator picks failure)"
        case .payerDeclines: "payer declines"
        case .noOneConnects: "no one connects before the countdown ends"
        case .cancelWhileBroadcasting: "operator cancels while broadcasting, no phone known"
        case .cancelAfterSecureLink: "operator cancels after the secure link"
        case .linkLostAfterKeyBeforeAmount: "link lost after the host has the phone's key, before the amount is sent"
        case .linkLostAfterConfirmBeforePick: "link lost after the payer confirmed, before the operator picked"
        case .linkLostAfterPickBeforeResult: "link lost after the operator picked, before the phone had the result"
        case .bluetoothOff: "Bluetooth off (either side)"
        case .bluetoothNotAllowed: "Bluetooth not allowed for the app"
        case .linkLostBeforeKey: "link lost before the host has the phone's key"
        case .phoneDeadlinePasses: "phone's 10 s deadline passes"
        case .linkLostWhileReviewing: "link lost while the payer reviews"
        case .payerCancelsBeforeDeciding: "payer cancels before deciding"
        case .tillBusy: "a second phone reaches a till already serving one"
        case .sealedFrameFails: "a sealed frame fails to open or decode"
        case .linkLostAfterAmountSent: "link lost after the amount was sent, before the phone opened it"
        case .payerCancelsBeforeSecureLink: "payer cancels while searching or connecting"
        case .cancelAfterSecureLinkLinkLost: "operator cancels after the secure link, link lost before the end arrives"
        case .confirmLostWithTheLink: "link lost after the payer confirmed, before the till had the confirm"
        }
    }
}
