/// Seals the messages one side sends in one direction of one transaction.
/// Each seal uses the next counter, so no nonce is ever used twice.
public struct SealingChannel: Sendable {
    public let direction: Direction
    private let key: SecureBytes
    private let associatedData: [UInt8]
    public private(set) var nextCounter: UInt64 = 0

    public init(direction: Direction, key: SecureBytes, transcript: Transcript) {
        self.direction = direction
        self.key = key
        self.associatedData = transcript.bytes
    }

    /// Seals `message` as the sealed field of a frame whose clear bytes before
    /// it are `frameHeader`: those bytes, the direction and the counter are
    /// authenticated with the transcript (`SealedFrame`).
    public mutating func seal(_ message: [UInt8], frameHeader: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard nextCounter < UInt64.max else { throw .counterExhausted }
        let nonce = SealedFrame.nonce(direction: direction, counter: nextCounter)
        let data = SealedFrame.associatedData(transcript: associatedData, frameHeader: frameHeader, direction: direction.rawValue, counter: nextCounter)
        let body = try XChaCha20Poly1305.seal(message, key: key, nonce: nonce, associatedData: data)
        var frame = SealedFrame.header(direction: direction, counter: nextCounter, followedBy: body.count)
        frame.append(contentsOf: body)
        nextCounter += 1
        return frame
    }
}

extension SealingChannel: CustomStringConvertible {
    public var description: String { "SealingChannel(\(direction), next counter \(nextCounter), key redacted)" }
}
