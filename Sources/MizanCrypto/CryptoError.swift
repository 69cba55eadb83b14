/// Every way a crypto operation of Mizan can fail. Cases carry lengths and
/// counters only, never key or message bytes, so an error is always safe to log.
public enum CryptoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `sodium_init` failed: libsodium cannot be used in this process.
    case libraryUnavailable
    /// A key, seed or nonce had the wrong number of bytes.
    case invalidLength(what: String, expected: Int, actual: Int)
    /// libsodium refused the peer's public key (a low-order point: the shared
    /// secret would be all zeros).
    case rejectedPeerKey
    /// A sealed frame shorter than its header and tag.
    case frameTooShort(length: Int)
    /// A frame sealed for the other direction (host to client vs client to host).
    case wrongDirection
    /// A frame whose counter was already accepted.
    case replayed(counter: UInt64)
    /// A frame that skipped ahead of the next expected counter.
    case outOfOrder(expected: UInt64, actual: UInt64)
    /// The tag did not verify: the frame, its associated data or the key differ.
    case authenticationFailed
    /// The per-direction counter would repeat a nonce.
    case counterExhausted

    public var description: String {
        switch self {
        case .libraryUnavailable: "libsodium could not be initialised"
        case let .invalidLength(what, expected, actual): "\(what) must be \(expected) bytes, got \(actual)"
        case .rejectedPeerKey: "the peer's public key was rejected"
        case let .frameTooShort(length): "sealed frame too short (\(length) bytes)"
        case .wrongDirection: "sealed frame is for the other direction"
        case let .replayed(counter): "sealed frame replayed (counter \(counter))"
        case let .outOfOrder(expected, actual): "sealed frame out of order (expected counter \(expected), got \(actual))"
        case .authenticationFailed: "sealed frame failed to authenticate"
        case .counterExhausted: "message counter exhausted"
        }
    }
}
