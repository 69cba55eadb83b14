/// Opens the messages one side receives in one direction of one transaction.
/// It accepts each counter once and in order: a tampered frame, one sealed for
/// the other direction, a replay and a frame out of order each fail with their
/// own error.
public struct OpeningChannel: Sendable {
    public let direction: Direction
    private let key: SecureBytes
    private let associatedData: [UInt8]
    public private(set) var expectedCounter: UInt64 = 0

    public init(direction: Direction, key: SecureBytes, transcript: Transcript) {
        self.direction = direction
        self.key = key
        self.associatedData = transcript.bytes
    }

    /// Opens a sealed field that arrived after the clear bytes `frameHeader`.
    public mutating func open(_ frame: [UInt8], frameHeader: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard frame.count >= SealedFrame.minimumByteCount else { throw .frameTooShort(length: frame.count) }
        guard frame[0] == direction.rawValue else { throw .wrongDirection }
        let counter = SealedFrame.counter(of: frame)
        if counter < expectedCounter { throw .replayed(counter: counter) }
        if counter > expectedCounter { throw .outOfOrder(expected: expectedCounter, actual: counter) }
        let nonce = SealedFrame.nonce(direction: direction, counter: counter)
        let data = SealedFrame.associatedData(transcript: associatedData, frameHeader: frameHeader, direction: direction.rawValue, counter: counter)
        let message = try XChaCha20Poly1305.open(
            Array(frame[SealedFrame.headerByteCount...]), key: key, nonce: nonce, associatedData: data
        )
        guard expectedCounter < UInt64.max else { throw .counterExhausted }
        expectedCounter += 1
        return message
    }
}

extension OpeningChannel: CustomStringConvertible {
    public var description: String { "OpeningChannel(\(direction), expected counter \(expectedCounter), key redacted)" }
}
