import Testing
import MizanCrypto
import MizanProtocol

/// Every clear byte of a sealed frame (version, type, the amount's host key and
/// transaction id, the sealed field's direction and counter) is authenticated:
/// flipping any of them, in any frame type that carries a sealed field, is refused.
@Suite struct SealedHeaderTests {
    static let till = TillID(7)
    static let transaction = TransactionID(0x0102_0304_0506_0708)

    struct Sides {
        let hostKeys: KeyPair
        let phoneKeys: KeyPair
        var host: SecureSession
        var phone: SecureSession
    }

    static func sides() throws -> Sides {
        let hostKeys = try KeyPair.derive(fromSeed: SecureBytes(copying: [UInt8](repeating: 3, count: 32)))
        let phoneKeys = try KeyPair.derive(fromSeed: SecureBytes(copying: [UInt8](repeating: 4, count: 32)))
        let transcript = Transcript(hostKey: hostKeys.publicKey, clientKey: phoneKeys.publicKey, tillID: till.bytes, transactionID: transaction.bytes)
        return Sides(hostKeys: hostKeys, phoneKeys: phoneKeys,
                     host: try .host(own: hostKeys, client: phoneKeys.publicKey, transcript: transcript),
                     phone: try .client(own: phoneKeys, host: hostKeys.publicKey, transcript: transcript))
    }

    /// A frame of each sealed type, sealed as the drivers seal it, and who opens it.
    static func frames() throws -> [(name: String, bytes: [UInt8], openedByPhone: Bool)] {
        var sides = try sides()
        let details = try AmountDetails(amount: Amount(minorUnits: 1_250, currency: CurrencyCode("EUR")), tillLabel: "Till 7", transactionID: transaction)
        let amountEmpty = Frame.amount(hostKey: sides.hostKeys.publicKey.bytes, transactionID: transaction, sealed: [])
        let amount = try sides.host.seal(SealedMessageCodec.encode(.amountDetails(details)), frameHeader: FrameCodec.clearHeader(of: amountEmpty))
        let decision = try sides.phone.seal(SealedMessageCodec.encode(.decision(.confirm)), frameHeader: FrameCodec.clearHeader(of: .decision(sealed: [])))
        let result = try sides.host.seal(SealedMessageCodec.encode(.result(.success)), frameHeader: FrameCodec.clearHeader(of: .result(sealed: [])))
        // An end instead of the result: the host's second sealed frame too.
        var other = try Self.sides()
        _ = try other.host.seal(SealedMessageCodec.encode(.amountDetails(details)), frameHeader: FrameCodec.clearHeader(of: amountEmpty))
        let end = try other.host.seal(SealedMessageCodec.encode(.end(.cancelled)), frameHeader: FrameCodec.clearHeader(of: .end(sealed: [])))
        return [
            ("amount", FrameCodec.encode(.amount(hostKey: sides.hostKeys.publicKey.bytes, transactionID: transaction, sealed: amount)), true),
            ("decision", FrameCodec.encode(.decision(sealed: decision)), false),
            ("result", FrameCodec.encode(.result(sealed: result)), true),
            ("end", FrameCodec.encode(.end(sealed: end)), true),
        ]
    }

    /// Opens `bytes` as the receiving driver does, with fresh sessions; the
    /// receiver of a result or an end has opened the amount (counter 0) first.
    static func opens(_ bytes: [UInt8], byPhone: Bool, after earlier: [[UInt8]]) throws -> Bool {
        let sides = try sides()
        var phone = sides.phone, host = sides.host
        for previous in earlier {
            guard case let .amount(_, _, sealed)? = try? FrameCodec.decode(previous) else { continue }
            _ = try phone.open(sealed, frameHeader: FrameCodec.clearHeader(of: FrameCodec.decode(previous)))
        }
        let frame: Frame
        do throws(FrameError) { frame = try FrameCodec.decode(bytes) } catch { return false }
        let header = FrameCodec.clearHeader(of: frame)
        do {
            switch frame {
            case let .amount(hostKey, id, sealed):
                // The phone builds the session from the clear host key and transaction id.
                let key = try PublicKey(bytes: hostKey)
                let transcript = Transcript(hostKey: key, clientKey: sides.phoneKeys.publicKey, tillID: till.bytes, transactionID: id.bytes)
                var session = try SecureSession.client(own: sides.phoneKeys, host: key, transcript: transcript)
                _ = try session.open(sealed, frameHeader: header)
            case let .decision(sealed):
                _ = try host.open(sealed, frameHeader: header)
            case let .result(sealed), let .end(sealed):
                _ = try (byPhone ? phone.open(sealed, frameHeader: header) : host.open(sealed, frameHeader: header))
            case .advertisement, .phoneKey, .busy:
                return false
            }
            return true
        } catch {
            return false
        }
    }

    @Test func everyFrameOpensUntouched() throws {
        let frames = try Self.frames()
        for (index, frame) in frames.enumerated() {
            let earlier = index >= 2 ? [frames[0].bytes] : []
            #expect(try Self.opens(frame.bytes, byPhone: frame.openedByPhone, after: earlier), "\(frame.name)")
        }
    }

    @Test func flippingAnyClearByteOfAnySealedFrameIsRefused() throws {
        let frames = try Self.frames()
        var flips = 0
        for (index, frame) in frames.enumerated() {
            let earlier = index >= 2 ? [frames[0].bytes] : []
            let decoded = try FrameCodec.decode(frame.bytes)
            // The clear bytes: the frame's header, then the sealed field's direction (1) and counter (8).
            let clear = FrameCodec.clearHeader(of: decoded).count + 1 + 8
            for position in 0..<clear {
                for mask: UInt8 in [0x01, 0x80, 0xFF] {
                    var bytes = frame.bytes
                    bytes[position] ^= mask
                    flips += 1
                    #expect(try !Self.opens(bytes, byPhone: frame.openedByPhone, after: earlier), "\(frame.name): byte \(position) ^ \(mask) opened")
                }
            }
            // Turning one sealed frame type into another keeps every other byte.
            for type in FrameType.allCases where type != FrameType(peeking: frame.bytes) {
                var bytes = frame.bytes
                bytes[1] = type.rawValue
                #expect(try !Self.opens(bytes, byPhone: frame.openedByPhone, after: earlier), "\(frame.name) as \(type.name) opened")
            }
        }
        #expect(flips == 3 * ((2 + 32 + 8 + 9) + 3 * (2 + 9)))
    }
}
