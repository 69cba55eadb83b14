/// Both channels of one side of a transaction, built from its key pair, the
/// peer's public key and the transcript: the till seals host-to-client and
/// opens client-to-host; the phone the other way round.
public struct SecureSession: Sendable {
    public var sealer: SealingChannel
    public var opener: OpeningChannel

    public static func host(own: KeyPair, client: PublicKey, transcript: Transcript) throws(CryptoError) -> SecureSession {
        host(keys: try SessionKeys.server(own: own, client: client), transcript: transcript)
    }

    /// The till's session from its session keys (derived already, perhaps ahead on a `CryptoPool`).
    public static func host(keys: SessionKeys, transcript: Transcript) -> SecureSession {
        SecureSession(keys: keys, sending: .hostToClient, receiving: .clientToHost, transcript: transcript)
    }

    public static func client(own: KeyPair, host: PublicKey, transcript: Transcript) throws(CryptoError) -> SecureSession {
        client(keys: try SessionKeys.client(own: own, server: host), transcript: transcript)
    }

    /// The phone's session from its session keys (derived already, perhaps ahead on a `CryptoPool`).
    public static func client(keys: SessionKeys, transcript: Transcript) -> SecureSession {
        SecureSession(keys: keys, sending: .clientToHost, receiving: .hostToClient, transcript: transcript)
    }

    /// Seals what it sends with the transmit key and opens what it receives with the receive key.
    private init(keys: SessionKeys, sending: Direction, receiving: Direction, transcript: Transcript) {
        sealer = SealingChannel(direction: sending, key: keys.transmit, transcript: transcript)
        opener = OpeningChannel(direction: receiving, key: keys.receive, transcript: transcript)
    }

    /// `frameHeader`: the clear bytes of the frame before the sealed field, authenticated with it.
    public mutating func seal(_ message: [UInt8], frameHeader: [UInt8]) throws(CryptoError) -> [UInt8] {
        try sealer.seal(message, frameHeader: frameHeader)
    }

    public mutating func open(_ frame: [UInt8], frameHeader: [UInt8]) throws(CryptoError) -> [UInt8] {
        try opener.open(frame, frameHeader: frameHeader)
    }
}

extension SecureSession: CustomStringConvertible {
    public var description: String { "SecureSession(redacted)" }
}
