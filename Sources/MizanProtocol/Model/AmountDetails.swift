/// What the phone shows the payer for review: the amount, the till's label and
/// the transaction it belongs to. Travels sealed from host to client.
public struct AmountDetails: Hashable, Sendable {
    public let amount: Amount
    /// A name for the till a person can read, e.g. "Checkout 3".
    public let tillLabel: String
    public let transactionID: TransactionID

    /// The longest till label, in UTF-8 bytes.
    public static let maximumTillLabelByteCount = 32

    /// `tillLabel` must be non-empty and at most `maximumTillLabelByteCount`
    /// UTF-8 bytes, else `FrameError.badTillLabel`.
    public init(amount: Amount, tillLabel: String, transactionID: TransactionID) throws(FrameError) {
        try Self.validate(tillLabel: tillLabel)
        self.init(unchecked: amount, tillLabel: tillLabel, transactionID: transactionID)
    }

    /// For a label already checked by `validate(tillLabel:)`, e.g. in a till's configuration.
    init(unchecked amount: Amount, tillLabel: String, transactionID: TransactionID) {
        self.amount = amount
        self.tillLabel = tillLabel
        self.transactionID = transactionID
    }

    public static func validate(tillLabel: String) throws(FrameError) {
        let labelByteCount = tillLabel.utf8.count
        guard labelByteCount > 0, labelByteCount <= maximumTillLabelByteCount else { throw .badTillLabel }
    }
}
