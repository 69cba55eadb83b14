import MizanTime
/// The protocol steps at which a fault can drop a link (docs/architecture.md §5).
public enum LinkDropPoint: String, CaseIterable, Hashable, Sendable, Codable {
    /// The phone's key is on its way: the till never gets it.
    case beforeKey = "before-key"
    /// The till has the phone's key and is deriving keys and sealing the amount.
    case afterKeyBeforeAmount = "after-key-before-amount"
    /// The till handed the sealed amount to the radio; the phone does not have it yet.
    case afterAmountSentBeforePhoneHasIt = "after-amount-sent"
    /// The till has the payer's decision; the operator has not picked.
    case afterConfirm = "after-confirm"
    /// The operator picked and the result is on its way to the phone.
    case afterPick = "after-pick"
}
