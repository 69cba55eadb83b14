/// One message of the Mizan protocol as it travels on the radio.
///
/// Sealed fields are opaque here: they are the sealed frames of `MizanCrypto`
/// (direction, counter, ciphertext, tag), whose plaintext `SealedMessageCodec`
/// reads once opened. `FrameCodec.decode` checks every length; a value built
/// by hand with wrong lengths still encodes, but to bytes that decode rejects.
public enum Frame: Hashable, Sendable {
    /// Host to all: the till's id under the Mizan service.
    case advertisement(Advertisement)
    /// Client to host: the phone's fresh X25519 public key, 32 bytes.
    case phoneKey([UInt8])
    /// Host to client: the host's fresh X25519 public key (32 bytes), the
    /// transaction id in the clear (it is part of the associated data), and the
    /// sealed `AmountDetails`.
    case amount(hostKey: [UInt8], transactionID: TransactionID, sealed: [UInt8])
    /// Client to host: the sealed `Decision`.
    case decision(sealed: [UInt8])
    /// Host to client: the sealed `Outcome`.
    case result(sealed: [UInt8])
    /// Host to client: the sealed `EndReason`.
    case end(sealed: [UInt8])
    /// Host to client: a till already serving another phone refuses this one.
    case busy

    /// The protocol version this build speaks; the first byte of every frame.
    public static let version: UInt8 = 1
    /// Length of an X25519 public key.
    public static let publicKeyByteCount = 32
    /// 1 direction + 8 counter + 16 tag: sealed fields shorter than this are
    /// `FrameError.badLength`.
    public static let minimumSealedByteCount = 25
    /// The longest frame; anything longer is `FrameError.overlong`.
    public static let maximumByteCount = 512
}
