import Testing
import MizanTestSupport
@testable import MizanProtocol

@Suite struct FrameCodecTests {
    static let key = (0..<32).map { UInt8($0) }
    static let sealed = [UInt8](repeating: 0xA5, count: Frame.minimumSealedByteCount)

    /// One or more valid frames of every type, including the shortest and longest.
    static let samples: [Frame] = [
        .advertisement(Advertisement(tillID: TillID(0))),
        .advertisement(Advertisement(tillID: TillID(0xDEAD_BEEF))),
        .advertisement(Advertisement(tillID: TillID(.max))),
        .phoneKey(key),
        .amount(hostKey: key.reversed(), transactionID: TransactionID(0x0102_0304_0506_0708), sealed: sealed),
        .amount(hostKey: key, transactionID: TransactionID(.max), sealed: [UInt8](repeating: 7, count: 90)),
        .amount(hostKey: key, transactionID: TransactionID(0), sealed: [UInt8](repeating: 1, count: Frame.maximumByteCount - 42)),
        .decision(sealed: sealed),
        .decision(sealed: [UInt8](repeating: 2, count: 26)),
        .result(sealed: sealed),
        .result(sealed: [UInt8](repeating: 3, count: Frame.maximumByteCount - 2)),
        .end(sealed: sealed),
        .end(sealed: [UInt8](repeating: 4, count: 40)),
        .busy,
    ]

    static func error(decoding bytes: [UInt8]) -> FrameError? {
        do {
            _ = try FrameCodec.decode(bytes)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Round trips and layout

    @Test(arguments: samples)
    func everyFrameTypeRoundTrips(frame: Frame) throws {
        let bytes = FrameCodec.encode(frame)
        #expect(bytes.count <= Frame.maximumByteCount)
        #expect(try FrameCodec.decode(bytes) == frame)
    }

    @Test func samplesCoverEveryFrameType() {
        let types = Set(Self.samples.map { FrameCodec.encode($0)[1] })
        #expect(types == Set(FrameType.allCases.map(\.rawValue)))
    }

    @Test func everyFrameStartsWithVersionAndType() {
        #expect(FrameCodec.encode(.busy) == [1, 7])
        #expect(FrameCodec.encode(.phoneKey(Self.key)) == [1, 2] + Self.key)
        #expect(FrameCodec.encode(.decision(sealed: Self.sealed)) == [1, 4] + Self.sealed)
        #expect(FrameCodec.encode(.result(sealed: Self.sealed)) == [1, 5] + Self.sealed)
        #expect(FrameCodec.encode(.end(sealed: Self.sealed)) == [1, 6] + Self.sealed)
    }

    @Test func advertisementIsServiceIDThenBigEndianTillID() {
        let bytes = FrameCodec.encode(.advertisement(Advertisement(tillID: TillID(0x0A0B_0C0D))))
        #expect(bytes == [1, 1] + ServiceID.bytes + [0x0A, 0x0B, 0x0C, 0x0D])
        #expect(bytes.count == 22)
    }

    @Test func amountIsHostKeyThenBigEndianTransactionIDThenSealed() {
        let id = TransactionID(0x0102_0304_0506_0708)
        let bytes = FrameCodec.encode(.amount(hostKey: Self.key, transactionID: id, sealed: Self.sealed))
        #expect(bytes == [1, 3] + Self.key + [1, 2, 3, 4, 5, 6, 7, 8] + Self.sealed)
        #expect(id.bytes == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(TillID(0x0102_0304).bytes == [1, 2, 3, 4])
    }

    @Test func serviceIDIsSixteenBytes() {
        #expect(ServiceID.bytes.count == 16)
    }

    // MARK: Malformed input

    @Test func noBytesIsEmpty() {
        #expect(Self.error(decoding: []) == .empty)
    }

    @Test func anyVersionButOneIsUnknownVersion() {
        #expect(Self.error(decoding: [0, 7]) == .unknownVersion(0))
        #expect(Self.error(decoding: [2, 7]) == .unknownVersion(2))
        #expect(Self.error(decoding: [0xFF]) == .unknownVersion(0xFF))
        #expect(Self.error(decoding: [2] + FrameCodec.encode(.phoneKey(Self.key)).dropFirst()) == .unknownVersion(2))
    }

    @Test func aTypeOutsideOneToSevenIsUnknownType() {
        for type: UInt8 in [0, 8, 9, 0x80, 0xFF] {
            #expect(Self.error(decoding: [1, type]) == .unknownType(type))
            #expect(Self.error(decoding: [1, type] + Self.sealed) == .unknownType(type))
        }
    }

    @Test func versionWithoutTypeIsTruncated() {
        #expect(Self.error(decoding: [1]) == .truncated(expected: 2, actual: 1))
    }

    @Test func exactLengthFramesMissingBytesAreTruncated() {
        let advertisement = FrameCodec.encode(.advertisement(Advertisement(tillID: TillID(9))))
        #expect(Self.error(decoding: Array(advertisement.dropLast())) == .truncated(expected: 22, actual: 21))
        #expect(Self.error(decoding: [1, 1]) == .truncated(expected: 22, actual: 2))
        let phoneKey = FrameCodec.encode(.phoneKey(Self.key))
        #expect(Self.error(decoding: Array(phoneKey.dropLast())) == .truncated(expected: 34, actual: 33))
        #expect(Self.error(decoding: [1, 2]) == .truncated(expected: 34, actual: 2))
    }

    @Test func amountWithoutRoomForKeyAndTransactionIDIsTruncated() {
        let amount = FrameCodec.encode(.amount(hostKey: Self.key, transactionID: TransactionID(1), sealed: Self.sealed))
        #expect(Self.error(decoding: Array(amount.prefix(41))) == .truncated(expected: 42, actual: 41))
        #expect(Self.error(decoding: [1, 3]) == .truncated(expected: 42, actual: 2))
    }

    @Test func exactLengthFramesWithExtraBytesAreOverlong() {
        let advertisement = FrameCodec.encode(.advertisement(Advertisement(tillID: TillID(9))))
        #expect(Self.error(decoding: advertisement + [0]) == .overlong(expected: 22, actual: 23))
        let phoneKey = FrameCodec.encode(.phoneKey(Self.key))
        #expect(Self.error(decoding: phoneKey + [0, 0]) == .overlong(expected: 34, actual: 36))
        #expect(Self.error(decoding: [1, 7, 0]) == .overlong(expected: 2, actual: 3))
    }

    @Test func framesLongerThanTheMaximumAreOverlong() throws {
        let longest = [1, 4] + [UInt8](repeating: 0, count: Frame.maximumByteCount - 2)
        #expect(try FrameCodec.decode(longest) == .decision(sealed: Array(longest.dropFirst(2))))
        #expect(Self.error(decoding: longest + [0]) == .overlong(expected: 512, actual: 513))
        #expect(Self.error(decoding: [UInt8](repeating: 0, count: 4096)) == .overlong(expected: 512, actual: 4096))
    }

    @Test func sealedFieldsShorterThanTheMinimumAreBadLength() {
        let short = Array(Self.sealed.dropLast())
        let amount = [1, 3] + Self.key + [UInt8](repeating: 0, count: 8)
        #expect(Self.error(decoding: amount) == .badLength(field: "sealed amount", expected: 25, actual: 0))
        #expect(Self.error(decoding: amount + short) == .badLength(field: "sealed amount", expected: 25, actual: 24))
        #expect(Self.error(decoding: [1, 4] + short) == .badLength(field: "sealed decision", expected: 25, actual: 24))
        #expect(Self.error(decoding: [1, 5]) == .badLength(field: "sealed result", expected: 25, actual: 0))
        #expect(Self.error(decoding: [1, 6, 0]) == .badLength(field: "sealed end", expected: 25, actual: 1))
    }

    @Test func anAdvertisementForAnotherServiceIsWrongService() {
        let valid = FrameCodec.encode(.advertisement(Advertisement(tillID: TillID(9))))
        for index in 2..<18 {
            var bytes = valid
            bytes[index] ^= 0x01
            #expect(Self.error(decoding: bytes) == .wrongService)
        }
    }

    // MARK: Fuzz

    /// 100,000 random and mutated inputs: each decodes to a frame or a typed
    /// error without trapping; every frame decoded re-encodes to the same bytes.
    @Test func fuzzedInputDecodesOrFailsAndDecodedFramesAreCanonical() {
        let outcome = CodecFuzz.run(
            count: 100_000, seed: 0x4D49_5A41_4E01,
            validInput: { FrameCodec.encode(Self.randomFrame(using: &$0)) },
            decode: FrameCodec.decode, encode: FrameCodec.encode
        )
        #expect(outcome.nonCanonical.isEmpty)
        #expect(outcome.decoded > 0)
        #expect(outcome.rejected > 0)
        #expect(outcome.decoded + outcome.rejected == 100_000)
        #expect(outcome.errorKinds == ["empty", "truncated", "overlong", "unknownVersion", "unknownType", "badLength", "wrongService"])
    }

    static func randomFrame(using random: inout SplitMix64) -> Frame {
        let sealed = random.bytes(Frame.minimumSealedByteCount + random.below(60))
        switch random.below(7) {
        case 0: return .advertisement(Advertisement(tillID: TillID(UInt32(truncatingIfNeeded: random.next()))))
        case 1: return .phoneKey(random.bytes(32))
        case 2: return .amount(hostKey: random.bytes(32), transactionID: TransactionID(random.next()), sealed: sealed)
        case 3: return .decision(sealed: sealed)
        case 4: return .result(sealed: sealed)
        case 5: return .end(sealed: sealed)
        default: return .busy
        }
    }

    static func kind(of error: FrameError) -> String {
        switch error {
        case .empty: "empty"
        case .truncated: "truncated"
        case .overlong: "overlong"
        case .unknownVersion: "unknownVersion"
        case .unknownType: "unknownType"
        case .badLength: "badLength"
        case .badCurrency: "badCurrency"
        case .badAmount: "badAmount"
        case .badTillLabel: "badTillLabel"
        case .unknownValue: "unknownValue"
        case .wrongService: "wrongService"
        }
    }
}

@Suite struct AdvertisedTillTests {
    @Test func advertisedTillAgreesWithDecodeOnValidAndMutatedAdvertisements() {
        let valid = FrameCodec.encode(.advertisement(Advertisement(tillID: TillID(0xA1B2_C3D4))))
        #expect(FrameCodec.advertisedTill(valid) == TillID(0xA1B2_C3D4))
        var generator = SplitMix64(seed: 5)
        for _ in 0..<20_000 {
            var bytes = valid
            let index = Int(generator.next() % UInt64(bytes.count))
            bytes[index] ^= UInt8(truncatingIfNeeded: generator.next() | 1)
            if generator.next() % 4 == 0 { bytes.removeLast() }
            let decoded: TillID? = if case let .advertisement(ad)? = try? FrameCodec.decode(bytes) { ad.tillID } else { nil }
            #expect(FrameCodec.advertisedTill(bytes) == decoded)
        }
        #expect(FrameCodec.advertisedTill(FrameCodec.encode(.busy)) == nil)
    }
}
