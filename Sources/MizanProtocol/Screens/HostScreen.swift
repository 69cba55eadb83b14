/// What the till shows a person.
public enum HostScreen: String, Hashable, Sendable, CaseIterable {
    case keypad
    case turnBluetoothOn = "turn Bluetooth on"
    case allowBluetooth = "allow Bluetooth"
    /// Advertising the locked amount; the countdown runs.
    case broadcasting
    /// A phone's key arrived; the amount is being sealed and sent.
    case securingLink = "securing link"
    case waitingForPayer = "waiting for the payer"
    case pickOutcome = "pick the outcome"
    /// The payer confirmed, then the link was lost: the operator still picks.
    case pickOutcomePayerNotTold = "pick the outcome (payer not told)"
    case sendingResult = "sending the result"
    case paid
    case failed
    case payerDeclined = "payer declined"
    case cancelled
    case handshakeFailed = "handshake failed, broadcast again"
    case paidPayerNotTold = "paid, payer not told"
    case failedPayerNotTold = "failed, payer not told"
    case payerLeft = "payer left, nothing charged"
    case secureLinkFailed = "secure link failed"
}
