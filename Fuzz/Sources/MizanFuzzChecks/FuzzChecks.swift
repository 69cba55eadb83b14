import MizanCrypto
import MizanFormats
import MizanProtocol

/// What each fuzz target checks of one input. Every reader must refuse bad
/// bytes with an error, never trap; what it accepts must hold the property
/// stated here, else `fatalError` ends the process for libFuzzer to report.
public enum FuzzChecks {
    /// A radio frame: `FrameCodec.decode` either refuses it or accepts it
    /// canonically (it re-encodes to the same bytes); `advertisedTill` agrees
    /// with `decode`; a sealed field is refused by an opening channel without a
    /// trap (a fixed key: no forgery passes).
    public static func frame(_ bytes: [UInt8]) {
        let decoded: Frame
        do { decoded = try FrameCodec.decode(bytes) } catch {
            if FrameCodec.advertisedTill(bytes) != nil { fatalError("advertisedTill accepts bytes decode refuses: \(error)") }
            return
        }
        guard FrameCodec.encode(decoded) == bytes else { fatalError("a decoded frame re-encodes to other bytes") }
        let header = FrameCodec.clearHeader(of: decoded)
        guard bytes.starts(with: header) else { fatalError("the clear header is not the frame's first bytes") }
        switch decoded {
        case let .advertisement(advertisement):
            guard FrameCodec.advertisedTill(bytes) == advertisement.tillID else { fatalError("advertisedTill disagrees with decode") }
        case let .amount(_, _, sealed), let .decision(sealed), let .result(sealed), let .end(sealed):
            guard FrameCodec.advertisedTill(bytes) == nil else { fatalError("advertisedTill accepts a sealed frame") }
            for direction in Direction.allCases {
                var channel = OpeningChannel(direction: direction, key: key, transcript: transcript)
                if (try? channel.open(sealed, frameHeader: header)) != nil { fatalError("a frame sealed by nobody opened") }
            }
        case .phoneKey, .busy:
            guard FrameCodec.advertisedTill(bytes) == nil else { fatalError("advertisedTill accepts a frame that is not an advertisement") }
        }
    }

    /// The plaintext of a sealed field: `SealedMessageCodec.decode` either
    /// refuses it or accepts it canonically.
    public static func sealedMessage(_ bytes: [UInt8]) {
        guard let message = try? SealedMessageCodec.decode(bytes) else { return }
        guard SealedMessageCodec.encode(message) == bytes else { fatalError("a decoded sealed message re-encodes to other bytes") }
    }

    /// JSON text: `JSONParser` refuses it with a line and column inside the
    /// text, or accepts it, and what it accepts written back by `JSONWriter`
    /// parses to the same value. The floor-file reader then reads it (every
    /// number checked against its bound) without a trap.
    public static func json(_ bytes: [UInt8]) {
        // The file readers refuse text that is not UTF-8 before parsing.
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        let value: JSONValue
        do { value = try JSONParser.parse(text) } catch {
            let lines = bytes.count { $0 == 0x0A } + 1
            guard error.line >= 1, error.line <= lines, error.column >= 1, error.column <= bytes.count + 1 else {
                fatalError("a parse error outside the text: \(error)")
            }
            return
        }
        let written = JSON(value).compact
        guard let again = try? JSONParser.parse(written), again == value else { fatalError("a parsed value written back does not parse to itself: \(written)") }
        _ = try? FloorFile.read(value, file: "fuzz.json")
    }

    private static let key = SecureBytes(copying: [UInt8](repeating: 7, count: 32))
    private static let transcript: Transcript = {
        let host = try! PublicKey(bytes: [UInt8](repeating: 1, count: 32))
        let client = try! PublicKey(bytes: [UInt8](repeating: 2, count: 32))
        return Transcript(hostKey: host, clientKey: client, tillID: [0, 0, 0, 1], transactionID: [0, 0, 0, 0, 0, 0, 0, 1])
    }()
}
