import MizanCrypto
import MizanProtocol

/// One transaction's key agreement, built in one place for the drivers, the
/// scripted peer and the frame recorder: the transcript that binds every sealed
/// frame to both public keys, the till and the transaction, and each side's
/// secure session. A thin layer over MizanCrypto's `Transcript` and
/// `SecureSession`; the crypto itself lives there.
public enum Handshake {
    /// The associated data of every sealed frame of this transaction.
    public static func transcript(hostKey: PublicKey, phoneKey: PublicKey, till: TillID, transaction: TransactionID) -> Transcript {
        Transcript(hostKey: hostKey, clientKey: phoneKey, tillID: till.bytes, transactionID: transaction.bytes)
    }

    /// The till's session with the phone whose key it took: it seals to the
    /// phone and opens what the phone sends. Throws if the phone's key is refused.
    /// `derive` gives the session keys (on the spot unless a key source says otherwise).
    public static func tillSession(
        own: KeyPair, phoneKey: [UInt8], till: TillID, transaction: TransactionID,
        derive: KeySource.SessionDerivation = KeySource.derive
    ) throws(CryptoError) -> SecureSession {
        let phone = try PublicKey(bytes: phoneKey)
        let bound = Self.transcript(hostKey: own.publicKey, phoneKey: phone, till: till, transaction: transaction)
        return .host(keys: try derive(.server, own, phone), transcript: bound)
    }

    /// The phone's session with the till whose key came with the amount.
    /// Throws if the till's key is refused.
    public static func phoneSession(
        own: KeyPair, hostKey: [UInt8], till: TillID, transaction: TransactionID,
        derive: KeySource.SessionDerivation = KeySource.derive
    ) throws(CryptoError) -> SecureSession {
        let host = try PublicKey(bytes: hostKey)
        let bound = Self.transcript(hostKey: host, phoneKey: own.publicKey, till: till, transaction: transaction)
        return .client(keys: try derive(.client, own, host), transcript: bound)
    }
}
