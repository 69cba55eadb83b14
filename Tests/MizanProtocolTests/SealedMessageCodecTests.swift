import Testing
import MizanTestSupport
@testable import MizanProtocol

@Suite struct SealedMessageCodecTests {
    /// Amount details from values known to be valid (the samples below).
    static func details(_ minorUnits: Int64, _ currency: CurrencyCode, _ label: String, _ id: UInt64) -> AmountDetails {
        try! AmountDetails(amount: Amount(minorUnits: minorUnits, currency: currency), tillLabel: label, transactionID: TransactionID(id))
    }

    /// Valid messages of every kind and every value, with edge-case amounts and labels.
    static let samples: [SealedMessage] = [
        .amountDetails(details(1, .eur, "A", 0)),
        .amountDetails(details(1250, .usd, "Checkout 3", 42)),
        .amountDetails(details(.max, .gbp, String(repeating: "x", count: 32), .max)),
        .amountDetails(details(99_999, .sar, "صندوق ٣", 7)),
        .amountDetails(details(5, .aed, "Café 😀 – é", 0x0102_0304_0506_0708)),
    ] + Decision.allCases.map(SealedMessage.decision)
        + Outcome.allCases.map(SealedMessage.result)
        + EndReason.allCases.map(SealedMessage.end)

    static func error(decoding bytes: [UInt8]) -> FrameError? {
        do {
            _ = try SealedMessageCodec.decode(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// A valid amount-details plaintext with the given parts.
    static func amountBytes(
        minorUnits: Int64 = 1250, currency: [UInt8] = Array("EUR".utf8),
        label: [UInt8] = Array("Till".utf8), labelLength: UInt8? = nil, id: UInt64 = 9
    ) -> [UInt8] {
        var bytes: [UInt8] = [1]
        bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(bitPattern: minorUnits) >> (8 * UInt64($0))) }
        bytes += currency
        bytes.append(labelLength ?? UInt8(label.count))
        bytes += label
        bytes += TransactionID(id).bytes
        return bytes
    }

    // MARK: Round trips and layout

    @Test(arguments: samples)
    func everySealedMessageRoundTrips(message: SealedMessage) throws {
        #expect(try SealedMessageCodec.decode(SealedMessageCodec.encode(message)) == message)
    }

    @Test func decodedLabelsKeepTheirExactBytes() throws {
        let label = "Café 😀 – é"
        let decoded = try SealedMessageCodec.decode(SealedMessageCodec.encode(.amountDetails(Self.details(5, .eur, label, 1))))
        guard case let .amountDetails(details) = decoded else {
            Issue.record("decoded \(decoded)")
            return
        }
        #expect(Array(details.tillLabel.utf8) == Array(label.utf8))
    }

    @Test func amountDetailsLayoutIsBigEndianWithLengthPrefixedLabel() {
        let encoded = SealedMessageCodec.encode(.amountDetails(Self.details(0x0102, .eur, "Till", 9)))
        #expect(encoded == [1, 0, 0, 0, 0, 0, 0, 1, 2, 0x45, 0x55, 0x52, 4, 0x54, 0x69, 0x6C, 0x6C, 0, 0, 0, 0, 0, 0, 0, 9])
        #expect(encoded == Self.amountBytes(minorUnits: 0x0102, id: 9))
    }

    @Test func oneByteMessagesAreKindThenValue() {
        #expect(SealedMessageCodec.encode(.decision(.confirm)) == [2, 1])
        #expect(SealedMessageCodec.encode(.decision(.decline)) == [2, 2])
        #expect(SealedMessageCodec.encode(.result(.success)) == [3, 1])
        #expect(SealedMessageCodec.encode(.result(.failure)) == [3, 2])
        #expect(SealedMessageCodec.encode(.end(.cancelled)) == [4, 1])
    }

    // MARK: Validation of the model

    @Test func currencyCodeIsExactlyThreeUppercaseASCIILetters() throws {
        #expect(try CurrencyCode("EUR") == .eur)
        #expect(try CurrencyCode("SAR").code == "SAR")
        for bad in ["", "EU", "EURO", "eur", "Eur", "EU1", "E R", "ÉUR", "ＥＵＲ"] {
            #expect(throws: FrameError.badCurrency) { try CurrencyCode(bad) }
        }
        #expect([CurrencyCode.eur, .usd, .gbp, .sar, .aed].map(\.description) == ["EUR", "USD", "GBP", "SAR", "AED"])
    }

    @Test func amountMustBePositive() throws {
        #expect(try Amount(minorUnits: 1, currency: .eur).minorUnits == 1)
        for bad: Int64 in [0, -1, .min] {
            #expect(throws: FrameError.badAmount) { try Amount(minorUnits: bad, currency: .eur) }
        }
    }

    @Test func tillLabelIsOneToThirtyTwoUTF8Bytes() throws {
        let amount = try Amount(minorUnits: 1, currency: .eur)
        let id = TransactionID(1)
        #expect(try AmountDetails(amount: amount, tillLabel: String(repeating: "é", count: 16), transactionID: id).tillLabel.utf8.count == 32)
        for bad in ["", String(repeating: "x", count: 33), String(repeating: "é", count: 17)] {
            #expect(throws: FrameError.badTillLabel) { try AmountDetails(amount: amount, tillLabel: bad, transactionID: id) }
        }
    }

    // MARK: Malformed input

    @Test func noBytesIsEmpty() {
        #expect(Self.error(decoding: []) == .empty)
    }

    @Test func anUnknownKindIsUnknownValue() {
        for kind: UInt8 in [0, 5, 0xFF] {
            #expect(Self.error(decoding: [kind, 1]) == .unknownValue(field: "sealed message kind", value: kind))
        }
    }

    @Test func unknownDecisionOutcomeOrReasonIsUnknownValue() {
        #expect(Self.error(decoding: [2, 0]) == .unknownValue(field: "decision", value: 0))
        #expect(Self.error(decoding: [2, 3]) == .unknownValue(field: "decision", value: 3))
        #expect(Self.error(decoding: [3, 0]) == .unknownValue(field: "outcome", value: 0))
        #expect(Self.error(decoding: [3, 0xFF]) == .unknownValue(field: "outcome", value: 0xFF))
        #expect(Self.error(decoding: [4, 0]) == .unknownValue(field: "end reason", value: 0))
        #expect(Self.error(decoding: [4, 2]) == .unknownValue(field: "end reason", value: 2))
    }

    @Test func missingBytesAreTruncated() {
        for kind: UInt8 in [2, 3, 4] {
            #expect(Self.error(decoding: [kind]) == .truncated(expected: 2, actual: 1))
        }
        let valid = Self.amountBytes() // 1 + 8 + 3 + 1 + 4 + 8 = 25 bytes
        #expect(valid.count == 25)
        #expect(Self.error(decoding: [1]) == .truncated(expected: 13, actual: 1))
        #expect(Self.error(decoding: Array(valid.prefix(12))) == .truncated(expected: 13, actual: 12))
        #expect(Self.error(decoding: Array(valid.prefix(13))) == .truncated(expected: 25, actual: 13))
        #expect(Self.error(decoding: Array(valid.dropLast())) == .truncated(expected: 25, actual: 24))
    }

    @Test func extraBytesAreOverlong() {
        #expect(Self.error(decoding: [2, 1, 0]) == .overlong(expected: 2, actual: 3))
        #expect(Self.error(decoding: [3, 1, 1, 1]) == .overlong(expected: 2, actual: 4))
        #expect(Self.error(decoding: [4, 1, 0]) == .overlong(expected: 2, actual: 3))
        #expect(Self.error(decoding: Self.amountBytes() + [0]) == .overlong(expected: 25, actual: 26))
    }

    @Test func aCurrencyNotThreeUppercaseLettersIsBadCurrency() {
        for currency in [Array("eur".utf8), Array("EU1".utf8), [0x45, 0x55, 0x00], [0xC3, 0x89, 0x55]] {
            #expect(Self.error(decoding: Self.amountBytes(currency: currency)) == .badCurrency)
        }
    }

    @Test func aZeroOrNegativeAmountIsBadAmount() {
        for minorUnits: Int64 in [0, -1, .min] {
            #expect(Self.error(decoding: Self.amountBytes(minorUnits: minorUnits)) == .badAmount)
        }
    }

    @Test func anEmptyLongOrInvalidUTF8LabelIsBadTillLabel() {
        #expect(Self.error(decoding: Self.amountBytes(label: [])) == .badTillLabel)
        #expect(Self.error(decoding: Self.amountBytes(label: [UInt8](repeating: 0x41, count: 33))) == .badTillLabel)
        #expect(Self.error(decoding: Self.amountBytes(label: [], labelLength: 0xFF)) == .badTillLabel)
        let invalidUTF8: [[UInt8]] = [
            [0xFF],                   // never valid
            [0x41, 0xC3],             // lead byte without continuation
            [0x80],                   // lone continuation
            [0xC0, 0x80],             // overlong encoding of NUL
            [0xED, 0xA0, 0x80],       // UTF-16 surrogate
            [0xF4, 0x90, 0x80, 0x80], // beyond U+10FFFF
        ]
        for label in invalidUTF8 {
            #expect(Self.error(decoding: Self.amountBytes(label: label)) == .badTillLabel)
        }
        #expect(Self.error(decoding: Self.amountBytes(label: [UInt8](repeating: 0x41, count: 32))) == nil)
    }

    // MARK: Fuzz

    /// 100,000 random and mutated plaintexts: each decodes to a message or a
    /// typed error without trapping; every message decoded re-encodes to the same bytes.
    @Test func fuzzedInputDecodesOrFailsAndDecodedMessagesAreCanonical() {
        let valid = Self.samples.map(SealedMessageCodec.encode)
        let outcome = CodecFuzz.run(
            count: 100_000, seed: 0x5345_414C_4544,
            validInput: { valid[$0.below(valid.count)] },
            decode: SealedMessageCodec.decode, encode: SealedMessageCodec.encode
        )
        #expect(outcome.nonCanonical.isEmpty)
        #expect(outcome.decoded > 0)
        #expect(outcome.rejected > 0)
        #expect(outcome.decoded + outcome.rejected == 100_000)
        #expect(outcome.errorKinds == ["empty", "truncated", "overlong", "badCurrency", "badAmount", "badTillLabel", "unknownValue"])
    }

    // MARK: Descriptions

    /// No error met while decoding a known amount, nor any error at all, prints its digits.
    @Test func errorDescriptionsNeverContainAnAmount() {
        let amount: Int64 = 987_654_321
        let valid = Self.amountBytes(minorUnits: amount)
        var random = SplitMix64(seed: 1)
        var descriptions: [String] = []
        for _ in 0..<2_000 {
            if let error = Self.error(decoding: random.mutated(valid)) {
                descriptions.append(error.description)
            }
        }
        descriptions += Self.everyError.map(\.description)
        #expect(descriptions.count > Self.everyError.count)
        for text in descriptions {
            #expect(!text.isEmpty)
            #expect(!text.contains("987654321"))
            #expect(!text.contains("9876543.21"))
            #expect(!text.contains("9876543,21"))
        }
        #expect(FrameError.truncated(expected: 35, actual: 12).description == "truncated: expected 35 bytes, got 12")
    }

    static let everyError: [FrameError] = [
        .empty, .truncated(expected: 25, actual: 24), .overlong(expected: 25, actual: 26),
        .unknownVersion(2), .unknownType(9), .badLength(field: "sealed decision", expected: 25, actual: 3),
        .badCurrency, .badAmount, .badTillLabel, .unknownValue(field: "decision", value: 3), .wrongService,
    ]
}
