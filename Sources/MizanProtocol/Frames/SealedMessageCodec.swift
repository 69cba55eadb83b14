/// Turns the plaintext of sealed fields into bytes and back.
///
/// Format: `kind (1) | body`, integers big-endian.
///
/// | kind | message | body |
/// |---|---|---|
/// | 1 | amountDetails | minor units Int64 (8) + currency ASCII (3) + label length (1) + label UTF-8 + transaction id (8) |
/// | 2 | decision | `Decision` raw value (1) |
/// | 3 | result | `Outcome` raw value (1) |
/// | 4 | end | `EndReason` raw value (1) |
///
/// Every body has an exact length. The encoding is canonical: every byte string
/// that decodes re-encodes to itself.
public enum SealedMessageCodec {
    public static func encode(_ message: SealedMessage) -> [UInt8] {
        var writer = ByteWriter()
        switch message {
        case let .amountDetails(details):
            writer.append(SealedMessageKind.amountDetails.rawValue)
            writer.append(UInt64(bitPattern: details.amount.minorUnits))
            writer.append(details.amount.currency.asciiBytes)
            let label = Array(details.tillLabel.utf8)
            // AmountDetails keeps the label within 1...32 bytes.
            writer.append(UInt8(truncatingIfNeeded: label.count))
            writer.append(label)
            writer.append(details.transactionID.rawValue)
        case let .decision(decision):
            writer.append(SealedMessageKind.decision.rawValue)
            writer.append(decision.rawValue)
        case let .result(outcome):
            writer.append(SealedMessageKind.result.rawValue)
            writer.append(outcome.rawValue)
        case let .end(reason):
            writer.append(SealedMessageKind.end.rawValue)
            writer.append(reason.rawValue)
        }
        return writer.bytes
    }

    /// The message in `bytes`, or the first thing wrong with them as they are
    /// read front to back. Never traps.
    public static func decode(_ bytes: [UInt8]) throws(FrameError) -> SealedMessage {
        guard !bytes.isEmpty else { throw .empty }
        var reader = ByteReader(bytes)
        let kindByte = try reader.readByte()
        guard let kind = SealedMessageKind(rawValue: kindByte) else {
            throw .unknownValue(field: "sealed message kind", value: kindByte)
        }
        let message: SealedMessage
        switch kind {
        case .amountDetails:
            message = .amountDetails(try readAmountDetails(from: &reader))
        case .decision:
            let value = try reader.readByte()
            guard let decision = Decision(rawValue: value) else {
                throw .unknownValue(field: "decision", value: value)
            }
            message = .decision(decision)
        case .result:
            let value = try reader.readByte()
            guard let outcome = Outcome(rawValue: value) else {
                throw .unknownValue(field: "outcome", value: value)
            }
            message = .result(outcome)
        case .end:
            let value = try reader.readByte()
            guard let reason = EndReason(rawValue: value) else {
                throw .unknownValue(field: "end reason", value: value)
            }
            message = .end(reason)
        }
        try reader.requireEnd()
        return message
    }

    private static func readAmountDetails(from reader: inout ByteReader) throws(FrameError) -> AmountDetails {
        try reader.require(8 + CurrencyCode.byteCount + 1)
        let minorUnits = Int64(bitPattern: try reader.readUInt64())
        let currency = try CurrencyCode(asciiBytes: try reader.readBytes(CurrencyCode.byteCount))
        let amount = try Amount(minorUnits: minorUnits, currency: currency)
        let labelByteCount = Int(try reader.readByte())
        guard labelByteCount > 0, labelByteCount <= AmountDetails.maximumTillLabelByteCount else {
            throw .badTillLabel
        }
        try reader.require(labelByteCount + 8)
        let labelBytes = try reader.readBytes(labelByteCount)
        guard let label = String(validating: labelBytes, as: UTF8.self) else { throw .badTillLabel }
        let transactionID = TransactionID(try reader.readUInt64())
        return try AmountDetails(amount: amount, tillLabel: label, transactionID: transactionID)
    }
}
