/// Turns frames into bytes and back.
///
/// Wire format: `version (1) | type (1) | body`, integers big-endian.
///
/// | type | frame | body |
/// |---|---|---|
/// | 1 | advertisement | service id (16) + till id (4), exactly |
/// | 2 | phoneKey | public key (32), exactly |
/// | 3 | amount | host key (32) + transaction id (8) + sealed (rest, at least 25) |
/// | 4 | decision | sealed (rest, at least 25) |
/// | 5 | result | sealed (rest, at least 25) |
/// | 6 | end | sealed (rest, at least 25) |
/// | 7 | busy | nothing |
///
/// The encoding is canonical: every byte string that decodes re-encodes to itself.
public enum FrameCodec {
    /// The bytes of `frame`. Fields are written as they are: a frame whose
    /// fields have wrong lengths encodes to bytes that `decode` rejects.
    public static func encode(_ frame: Frame) -> [UInt8] {
        var writer = ByteWriter(capacity: 42 + frame.sealedCount)
        writer.append(Frame.version)
        switch frame {
        case let .advertisement(advertisement):
            writer.append(FrameType.advertisement.rawValue)
            writer.append(ServiceID.bytes)
            writer.append(advertisement.tillID.rawValue)
        case let .phoneKey(key):
            writer.append(FrameType.phoneKey.rawValue)
            writer.append(key)
        case let .amount(hostKey, transactionID, sealed):
            writer.append(FrameType.amount.rawValue)
            writer.append(hostKey)
            writer.append(transactionID.rawValue)
            writer.append(sealed)
        case let .decision(sealed):
            writer.append(FrameType.decision.rawValue)
            writer.append(sealed)
        case let .result(sealed):
            writer.append(FrameType.result.rawValue)
            writer.append(sealed)
        case let .end(sealed):
            writer.append(FrameType.end.rawValue)
            writer.append(sealed)
        case .busy:
            writer.append(FrameType.busy.rawValue)
        }
        return writer.bytes
    }

    /// The clear bytes of a frame before its sealed field (all of it for a
    /// frame without one): version, type, and for an amount the host key and
    /// transaction id. A sealed field is sealed and opened with these as part
    /// of its associated data, so no clear byte can change unnoticed.
    public static func clearHeader(of frame: Frame) -> [UInt8] {
        switch frame {
        case let .amount(hostKey, transactionID, _): encode(.amount(hostKey: hostKey, transactionID: transactionID, sealed: []))
        case .decision: encode(.decision(sealed: []))
        case .result: encode(.result(sealed: []))
        case .end: encode(.end(sealed: []))
        case .advertisement, .phoneKey, .busy: encode(frame)
        }
    }

    /// The till an advertisement names, or `nil` if `bytes` are not exactly a
    /// valid advertisement (what `decode` would accept as one). A scanning phone
    /// meets thousands of these a second: this reads them without allocating.
    public static func advertisedTill(_ bytes: [UInt8]) -> TillID? {
        guard bytes.count == advertisementByteCount else { return nil }
        // Three word compares over the buffer and one load for the till: a
        // byte loop cost about a third of a packet's path on the phone.
        return bytes.withUnsafeBytes { (frame: UnsafeRawBufferPointer) -> TillID? in
            guard UInt64(bigEndian: frame.loadUnaligned(fromByteOffset: 0, as: UInt64.self)) == AdvertisementPrefix.head,
                  UInt64(bigEndian: frame.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) == AdvertisementPrefix.middle,
                  UInt16(bigEndian: frame.loadUnaligned(fromByteOffset: 16, as: UInt16.self)) == AdvertisementPrefix.tail else { return nil }
            return TillID(UInt32(bigEndian: frame.loadUnaligned(fromByteOffset: advertisementByteCount - 4, as: UInt32.self)))
        }
    }

    /// An advertisement's length: header, service id, till id (4).
    private static let advertisementByteCount = FrameType.headerByteCount + ServiceID.byteCount + 4

    /// The 18 bytes every advertisement starts with, as big-endian words:
    /// `Frame.version` (1), `FrameType.advertisement` (1), then `ServiceID.bytes`.
    /// Literals, so that no lazily initialised global is checked per packet;
    /// `AdvertisedTillTests` holds them to `decode`.
    private enum AdvertisementPrefix {
        static let head: UInt64 = 0x0101_6D1F_0A4E_93B2
        static let middle: UInt64 = 0x4C7A_B5E8_2F40_C9D1
        static let tail: UInt16 = 0x7A63
    }

    /// The frame in `bytes`, or the first thing wrong with them, checked in this
    /// order: empty, longer than `Frame.maximumByteCount`, version, type, the
    /// body's lengths, then its contents. Never traps.
    public static func decode(_ bytes: [UInt8]) throws(FrameError) -> Frame {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= Frame.maximumByteCount else {
            throw .overlong(expected: Frame.maximumByteCount, actual: bytes.count)
        }
        var reader = ByteReader(bytes)
        let version = try reader.readByte()
        guard version == Frame.version else { throw .unknownVersion(version) }
        let typeByte = try reader.readByte()
        guard let type = FrameType(rawValue: typeByte) else { throw .unknownType(typeByte) }

        switch type {
        case .advertisement:
            try reader.requireRemaining(exactly: ServiceID.byteCount + 4)
            let service = try reader.readBytes(ServiceID.byteCount)
            let till = try reader.readUInt32()
            guard service == ServiceID.bytes else { throw .wrongService }
            return .advertisement(Advertisement(tillID: TillID(till)))
        case .phoneKey:
            try reader.requireRemaining(exactly: Frame.publicKeyByteCount)
            return .phoneKey(try reader.readBytes(Frame.publicKeyByteCount))
        case .amount:
            try reader.require(Frame.publicKeyByteCount + 8)
            let hostKey = try reader.readBytes(Frame.publicKeyByteCount)
            let transactionID = TransactionID(try reader.readUInt64())
            let sealed = try readSealed(field: "sealed amount", from: &reader)
            return .amount(hostKey: hostKey, transactionID: transactionID, sealed: sealed)
        case .decision:
            return .decision(sealed: try readSealed(field: "sealed decision", from: &reader))
        case .result:
            return .result(sealed: try readSealed(field: "sealed result", from: &reader))
        case .end:
            return .end(sealed: try readSealed(field: "sealed end", from: &reader))
        case .busy:
            try reader.requireRemaining(exactly: 0)
            return .busy
        }
    }

    /// The rest of the frame as a sealed field, at least `Frame.minimumSealedByteCount` bytes.
    private static func readSealed(field: String, from reader: inout ByteReader) throws(FrameError) -> [UInt8] {
        let sealed = reader.readRest()
        guard sealed.count >= Frame.minimumSealedByteCount else {
            throw .badLength(field: field, expected: Frame.minimumSealedByteCount, actual: sealed.count)
        }
        return sealed
    }
}

extension Frame {
    /// The length of its sealed field, 0 for a frame without one (for the encoder's buffer).
    var sealedCount: Int {
        switch self {
        case let .amount(_, _, sealed), let .decision(sealed), let .result(sealed), let .end(sealed): sealed.count
        case .advertisement, .phoneKey, .busy: 0
        }
    }
}
