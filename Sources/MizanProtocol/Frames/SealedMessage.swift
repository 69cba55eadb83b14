/// The plaintext inside a frame's sealed field, once opened.
public enum SealedMessage: Hashable, Sendable {
    /// Inside `Frame.amount`: what the payer reviews.
    case amountDetails(AmountDetails)
    /// Inside `Frame.decision`: the payer's answer.
    case decision(Decision)
    /// Inside `Frame.result`: the operator's verdict.
    case result(Outcome)
    /// Inside `Frame.end`: why the host ended without an outcome.
    case end(EndReason)
}
