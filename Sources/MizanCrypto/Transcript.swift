/// The associated data of every sealed frame of one transaction: both public
/// keys, the till id and the transaction id, each length-prefixed so that no two
/// different transcripts encode to the same bytes.
public struct Transcript: Equatable, Sendable {
    public let bytes: [UInt8]

    public init(hostKey: PublicKey, clientKey: PublicKey, tillID: [UInt8], transactionID: [UInt8]) {
        var out: [UInt8] = Array("mizan-ble/1".utf8)
        out.reserveCapacity(out.count + 4 * 2 + 64 + tillID.count + transactionID.count)
        for part in [hostKey.bytes, clientKey.bytes, tillID, transactionID] {
            out.append(UInt8(truncatingIfNeeded: part.count >> 8))
            out.append(UInt8(truncatingIfNeeded: part.count))
            out.append(contentsOf: part)
        }
        bytes = out
    }
}

extension Transcript: CustomStringConvertible {
    public var description: String { "Transcript(\(bytes.count) bytes, redacted)" }
}
